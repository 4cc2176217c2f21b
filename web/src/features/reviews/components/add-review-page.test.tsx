import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { imageFile, stubXhr } from '../../../components/ui/image-upload.testing.ts';
import { EMAIL_NOT_CONFIRMED_MESSAGE } from '@partsmith/contract';
import { apiError, json, mockApi, type Routes } from '../../../test/mock-api.ts';
import { AddReviewPage } from './add-review-page.tsx';
import { REVIEW_ADDED, REVIEW_FAILED, WAIT_FOR_UPLOAD } from './review-form.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const REVIEW_ID = '3d9a1f0e-5b7c-4e2a-9c8d-7e6f5a4b3c2d';
const UPLOADED = '/uploads/r3v13w_photo.webp';
const jane = { name: 'Jane Doe', email: 'jane@example.com', image: null };

function renderPage(routes: Routes = {}) {
  const api = mockApi(routes);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  // The home page's cached reviews, to see that a new review marks them out of date.
  client.setQueryData(['reviews'], []);
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard',
        element: <Outlet context={{ user: jane, isAdmin: false }} />,
        children: [{ path: 'add-review', Component: AddReviewPage }],
      },
    ],
    { initialEntries: ['/dashboard/add-review'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { api, client };
}

const send = () => screen.getByRole('button', { name: 'Send' });

async function fillReview(user: ReturnType<typeof userEvent.setup>) {
  await user.upload(await screen.findByLabelText('Your photo'), imageFile('me.jpg', 'image/jpeg'));
  await screen.findByRole('img', { name: 'Your uploaded avatar' });
  await user.click(screen.getByRole('radio', { name: /^4 stars/ }));
  await user.type(screen.getByLabelText('Description'), 'The thermal paste dropped my temps 8 °C.');
}

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AddReviewPage', () => {
  it("shows the account's name read-only and labels every field", async () => {
    stubXhr();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Add a Review' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Add Review | Partsmith'));
    // The server signs the review with the account's name: nothing to type, nothing to send.
    expect(screen.getByText(/^Posting as/)).toHaveTextContent('Posting as Jane Doe');
    expect(screen.queryByLabelText('Name')).toBeNull();
    expect(screen.queryByRole('textbox', { name: /name/i })).toBeNull();
    expect(screen.getAllByRole('textbox')).toEqual([screen.getByLabelText('Description')]);
    const preview = within(screen.getByRole('complementary', { name: 'Preview' }));
    expect(preview.getByText('Jane Doe')).toBeInTheDocument();
    const rating = screen.getByRole('group', { name: 'Rating' });
    expect(within(rating).getAllByRole('radio')).toHaveLength(5);
    expect(rating).toHaveAccessibleDescription('Choose 1 to 5 stars');
    expect(screen.getByLabelText('Description').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Your photo')).toHaveAttribute('type', 'file');
  });

  it('shows the required messages and sends nothing', async () => {
    stubXhr();
    const { api } = renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Upload an image first')).toBeInTheDocument();
    expect(screen.queryByText('Name is Required')).toBeNull();
    expect(screen.getByLabelText('Description')).toHaveAccessibleDescription(
      /^Description is Required/,
    );
    expect(screen.getByRole('group', { name: 'Rating' })).toHaveAccessibleDescription(
      'Choose 1 to 5 stars Rating is Required',
    );
    expect(screen.getByText('Upload an image first')).toBeInTheDocument();
    // The first wrong field, the image, gets the keyboard.
    expect(screen.getByLabelText('Your photo')).toHaveFocus();
    expect(api.calls).toHaveLength(0);
  });

  it('cannot send without an image, and waits for a running upload', async () => {
    const xhr = stubXhr();
    const { api } = renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /^5 stars/ }));
    await user.type(screen.getByLabelText('Description'), 'Solid screwdriver set.');
    await user.click(send());
    expect(await screen.findByText('Upload an image first')).toBeInTheDocument();
    expect(screen.getByLabelText('Your photo')).toHaveAccessibleDescription(
      'JPEG, PNG or WebP, up to 5 MB. Upload an image first',
    );

    await user.upload(screen.getByLabelText('Your photo'), imageFile());
    expect(send()).toBeDisabled();
    expect(send()).toHaveAccessibleDescription(WAIT_FOR_UPLOAD);
    await act(async () => xhr.last().respond(200, { display_url: UPLOADED }));
    expect(send()).toBeEnabled();
    expect(screen.queryByText('Upload an image first')).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('posts the exact body, thanks the user, resets the form and refreshes the reviews', async () => {
    stubXhr(() => [200, { display_url: UPLOADED }]);
    const { api, client } = renderPage({
      'POST /api/addReview': () => json({ acknowledged: true, insertedId: REVIEW_ID }),
    });
    const user = userEvent.setup();
    await fillReview(user);
    // The preview shows what the slider will show.
    const preview = within(screen.getByRole('complementary', { name: 'Preview' }));
    expect(preview.getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(preview.getByText('The thermal paste dropped my temps 8 °C.')).toBeInTheDocument();

    await user.click(send());
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(REVIEW_ADDED));
    expect(api.callsTo('POST', '/api/addReview')).toEqual([
      {
        method: 'POST',
        path: '/api/addReview',
        body: {
          rating: 4,
          type: 'The thermal paste dropped my temps 8 °C.',
          image: UPLOADED,
        },
      },
    ]);
    expect(client.getQueryState(['reviews'])?.isInvalidated).toBe(true);
    await waitFor(() => expect(screen.getByLabelText('Description')).toHaveValue(''));
    expect(screen.getByText(/^Posting as/)).toHaveTextContent('Posting as Jane Doe');
    expect(screen.getByRole('radio', { name: /^4 stars/ })).not.toBeChecked();
    expect(screen.queryByRole('img', { name: 'Your uploaded avatar' })).toBeNull();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('says it failed when the answer has no insertedId', async () => {
    stubXhr(() => [200, { display_url: UPLOADED }]);
    renderPage({ 'POST /api/addReview': () => json({ acknowledged: false }) });
    const user = userEvent.setup();
    await fillReview(user);
    await user.click(send());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(REVIEW_FAILED, undefined));
    expect(screen.getByText(REVIEW_FAILED)).toBeInTheDocument();
    expect(toast.success).not.toHaveBeenCalled();
    // What the user wrote is kept, so they can send it again.
    expect(screen.getByLabelText('Description')).toHaveValue(
      'The thermal paste dropped my temps 8 °C.',
    );
  });

  it("shows the failure text with the server's message", async () => {
    stubXhr(() => [200, { display_url: UPLOADED }]);
    renderPage({
      'POST /api/addReview': () =>
        apiError(429, 'You can add 5 reviews a day.', 'Too Many Requests'),
    });
    const user = userEvent.setup();
    await fillReview(user);
    await user.click(send());
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(REVIEW_FAILED, {
        description: 'You can add 5 reviews a day.',
      }),
    );
    expect(screen.getByText('You can add 5 reviews a day.')).toBeInTheDocument();
    expect(send()).toBeEnabled();
  });

  it("shows the server's message when the address is not confirmed yet (403)", async () => {
    stubXhr(() => [200, { display_url: UPLOADED }]);
    renderPage({
      'POST /api/addReview': () => apiError(403, EMAIL_NOT_CONFIRMED_MESSAGE, 'Forbidden'),
    });
    const user = userEvent.setup();
    await fillReview(user);
    await user.click(send());
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(REVIEW_FAILED, {
        description: EMAIL_NOT_CONFIRMED_MESSAGE,
      }),
    );
    expect(screen.getByText(EMAIL_NOT_CONFIRMED_MESSAGE)).toBeInTheDocument();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("shows the server's message when the photo upload is refused (403, 429)", async () => {
    const xhr = stubXhr();
    renderPage();
    const user = userEvent.setup();
    const photo = await screen.findByLabelText('Your photo');
    await user.upload(photo, imageFile('me.jpg', 'image/jpeg'));
    await act(async () =>
      xhr.last().respond(403, {
        statusCode: 403,
        error: 'Forbidden',
        message: EMAIL_NOT_CONFIRMED_MESSAGE,
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(EMAIL_NOT_CONFIRMED_MESSAGE);

    await user.upload(photo, imageFile('me.jpg', 'image/jpeg'));
    await act(async () =>
      xhr.last().respond(429, {
        statusCode: 429,
        error: 'Too Many Requests',
        message: 'You can upload 20 images an hour.',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('You can upload 20 images an hour.');
  });
});
