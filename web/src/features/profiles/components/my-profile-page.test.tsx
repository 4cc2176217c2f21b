import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockApi, type Routes } from '../../../test/mock-api.ts';
import { MyProfilePage } from './my-profile-page.tsx';
import { PROFILE_FAILED, PROFILE_UPDATED } from './profile-form.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const PROFILE_PATH = '/api/userProfile/jane%40example.com';
const SAVE_PATH = '/api/createProfile/jane%40example.com';
const jane = { name: 'Jane Doe', email: 'jane@example.com', image: '/uploads/jane_photo.webp' };
const saved = {
  edu: 'BSc Computer Engineering',
  location: 'Austin, Travis County',
  number: '+1 512 555 0147',
  linkdin: 'https://www.linkedin.com/in/jane-doe',
  addiInfo: 'I build small-form-factor workstations.',
  userName: 'Jane Doe',
  email: 'jane@example.com',
  image: null,
};

function renderPage(routes: Routes, user: typeof jane | Omit<typeof jane, 'image'> = jane) {
  const api = mockApi(routes);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard',
        element: <Outlet context={{ user, isAdmin: false }} />,
        children: [{ path: 'my-profile', Component: MyProfilePage }],
      },
    ],
    { initialEntries: ['/dashboard/my-profile'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { api, client };
}

const update = () => screen.getByRole('button', { name: 'Update' });

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});
afterEach(() => vi.restoreAllMocks());

describe('MyProfilePage', () => {
  it('loads the saved values, with the name, e-mail and photo of the account', async () => {
    renderPage({ [`GET ${PROFILE_PATH}`]: () => json(saved) });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your profile');
    expect(await screen.findByLabelText('Education')).toHaveValue('BSc Computer Engineering');
    await waitFor(() => expect(document.title).toBe('My Profile | Partsmith'));
    expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();
    expect(screen.getByLabelText('Location (city/district)')).toHaveValue('Austin, Travis County');
    expect(screen.getByLabelText('Phone')).toHaveValue('+1 512 555 0147');
    expect(screen.getByLabelText('LinkedIn link')).toHaveValue(
      'https://www.linkedin.com/in/jane-doe',
    );
    expect(screen.getByLabelText('Additional info')).toHaveValue(
      'I build small-form-factor workstations.',
    );
    expect(screen.getByLabelText('Name')).toBeDisabled();
    expect(screen.getByLabelText('Name')).toHaveValue('Jane Doe');
    expect(screen.getByLabelText('Email')).toBeDisabled();
    expect(screen.getByLabelText('Email')).toHaveValue('jane@example.com');
    expect(screen.getByRole('img', { name: 'Jane Doe' })).toHaveAttribute(
      'src',
      '/uploads/jane_photo.webp',
    );
    expect(screen.getByRole('link', { name: /linkedin\.com\/in\/jane-doe/ })).toHaveAttribute(
      'href',
      'https://www.linkedin.com/in/jane-doe',
    );
    expect(screen.getByRole('link', { name: 'Manage your addresses' })).toHaveAttribute(
      'href',
      '/dashboard/addresses',
    );
  });

  it('starts empty before the first save and shows no photo when there is none', async () => {
    const { name, email } = jane;
    renderPage({ [`GET ${PROFILE_PATH}`]: () => json(null) }, { name, email });
    expect(await screen.findByLabelText('Education')).toHaveValue('');
    expect(screen.getByText('Not saved yet: fill in all fields.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('requires every field and checks the phone and the LinkedIn link', async () => {
    const { api } = renderPage({ [`GET ${PROFILE_PATH}`]: () => json(null) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Education is Required')).toBeInTheDocument();
    expect(screen.getByLabelText('Education')).toHaveAccessibleDescription('Education is Required');
    expect(screen.getByLabelText('Location (city/district)')).toHaveAccessibleDescription(
      'Location is Required',
    );
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription(
      'Phone is Required With the country code, e.g. +1 512 555 0147.',
    );
    expect(screen.getByLabelText('LinkedIn link')).toHaveAccessibleDescription(
      'LinkedIn link is Required',
    );
    expect(screen.getByLabelText('Additional info')).toHaveAccessibleDescription(
      'Additional info is Required',
    );
    expect(screen.getByLabelText('Education')).toHaveFocus();

    await user.type(screen.getByLabelText('Phone'), 'call me');
    await user.type(screen.getByLabelText('LinkedIn link'), 'https://example.com/jane');
    await user.click(update());
    expect(await screen.findByText('Provide a valid phone number')).toBeInTheDocument();
    expect(screen.getByLabelText('LinkedIn link')).toHaveAttribute('aria-invalid', 'true');
    expect(
      screen.getByText('Provide a valid LinkedIn link (https://www.linkedin.com/in/…)'),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT', SAVE_PATH)).toHaveLength(0);
  });

  it('PUTs the profile and thanks the user', async () => {
    let stored: unknown = null;
    const { api } = renderPage({
      [`GET ${PROFILE_PATH}`]: () => json(stored),
      [`PUT ${SAVE_PATH}`]: (call) => {
        stored = {
          ...(call.body as object),
          userName: 'Jane Doe',
          email: 'jane@example.com',
          image: null,
        };
        return json({ acknowledged: true, modifiedCount: 1 });
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Education'), '  BSc Computer Engineering ');
    await user.type(screen.getByLabelText('Location (city/district)'), 'Austin, Travis County');
    await user.type(screen.getByLabelText('Phone'), '+1 512 555 0147');
    await user.type(screen.getByLabelText('LinkedIn link'), 'https://www.linkedin.com/in/jane-doe');
    await user.type(screen.getByLabelText('Additional info'), 'Workstations.');
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
    await user.click(update());

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(PROFILE_UPDATED));
    expect(api.callsTo('PUT', SAVE_PATH).map((call) => call.body)).toEqual([
      {
        edu: 'BSc Computer Engineering',
        location: 'Austin, Travis County',
        number: '+1 512 555 0147',
        linkdin: 'https://www.linkedin.com/in/jane-doe',
        addiInfo: 'Workstations.',
      },
    ]);
    // The saved profile is read again, and the form now starts from it.
    await waitFor(() => expect(api.callsTo('GET', PROFILE_PATH)).toHaveLength(2));
    expect(screen.getByLabelText('Education')).toHaveValue('BSc Computer Engineering');
    expect(screen.queryByText('You have unsaved changes.')).toBeNull();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('says something went wrong when the save is not acknowledged or fails', async () => {
    let answer = () => json({ acknowledged: false, modifiedCount: 0 });
    renderPage({
      [`GET ${PROFILE_PATH}`]: () => json(saved),
      [`PUT ${SAVE_PATH}`]: () => answer(),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Update' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(PROFILE_FAILED, undefined));
    expect(screen.getByText(PROFILE_FAILED)).toBeInTheDocument();

    answer = () => apiError(403, 'You may only change your own profile.', 'Forbidden');
    await user.click(update());
    await waitFor(() =>
      expect(toast.error).toHaveBeenLastCalledWith(PROFILE_FAILED, {
        description: 'You may only change your own profile.',
      }),
    );
    expect(screen.getByText('You may only change your own profile.')).toBeInTheDocument();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('disables UPDATE while saving', async () => {
    let finish: (response: Response) => void = () => {};
    renderPage({
      [`GET ${PROFILE_PATH}`]: () => json(saved),
      [`PUT ${SAVE_PATH}`]: () => new Promise<Response>((resolve) => (finish = resolve)),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Update' }));
    await waitFor(() => expect(update()).toBeDisabled());
    expect(screen.getByText('Saving your profile…')).toBeInTheDocument();
    finish(json({ acknowledged: true, modifiedCount: 1 }));
    await waitFor(() => expect(update()).toBeEnabled());
    expect(toast.success).toHaveBeenCalledWith(PROFILE_UPDATED);
  });

  it('offers to try again when the profile cannot be loaded', async () => {
    let fail = true;
    renderPage({
      [`GET ${PROFILE_PATH}`]: () =>
        fail ? apiError(404, 'No account uses that e-mail.', 'Not Found') : json(saved),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not load your profile. No account uses that e-mail.',
    );
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Education')).toHaveValue('BSc Computer Engineering');
  });
});
