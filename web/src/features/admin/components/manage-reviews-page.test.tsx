import type { AdminReview } from '@partsmith/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmDialog, showErrorDialog } from '../../../lib/dialogs.ts';
import { apiError, json } from '../../../test/mock-api.ts';
import { DELETE_REVIEW_TEXT, DELETED, REVIEW_HIDDEN, REVIEW_SHOWN } from './admin-messages.ts';
import { listOf, mockAdminApi, renderAdminPage } from './admin-test-utils.tsx';
import { ManageReviewsPage } from './manage-reviews-page.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('../../../lib/dialogs.ts', () => ({
  showErrorDialog: vi.fn(async () => {}),
  confirmDialog: vi.fn(async () => true),
}));

function review(n: number, name: string, overrides: Partial<AdminReview> = {}): AdminReview {
  return {
    _id: `30000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name,
    image: `/uploads/avatar${n}.webp`,
    type: 'The thermal paste dropped my temps 8 °C.',
    rating: 4,
    hidden: false,
    authorEmail: 'jane@example.com',
    createdAt: '2025-03-02T10:00:00.000Z',
    ...overrides,
  };
}

const jane = review(1, 'Jane Doe');
const spam = review(2, 'Cheap Watches', {
  type: 'Buy cheap watches!',
  rating: 1,
  hidden: true,
  authorEmail: 'spam@example.com',
});
const demo = review(3, 'Partsmith Demo', { authorEmail: null, image: '/images/reviews/demo.svg' });

const PATH = '/api/admin/reviews';

function renderPage(url = '/dashboard/manage-reviews') {
  const rendered = renderAdminPage(<ManageReviewsPage />, url);
  // The home page's reviews, to see them marked out of date.
  rendered.client.setQueryData(['reviews'], []);
  return rendered;
}

const rowOf = (name: string) =>
  within(
    within(screen.getByRole('table'))
      .getAllByRole('row')
      .find((row) => row.textContent?.includes(name))!,
  );

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.mocked(confirmDialog).mockClear();
  vi.mocked(showErrorDialog).mockClear();
  vi.mocked(toast.success).mockClear();
});

describe('ManageReviewsPage', () => {
  it('lists every review with its author, stars, text, date and visibility', async () => {
    const api = mockAdminApi({ [`GET ${PATH}`]: () => listOf([jane, spam, demo], 3) });
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the reviews');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manage Reviews: 3' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Manage Reviews | Partsmith'));
    expect(api.queries('GET', PATH)).toEqual(['?limit=25']);
    expect(screen.getByRole('table', { name: 'All reviews, newest first' })).toBeInTheDocument();

    const first = rowOf('Jane Doe');
    expect(first.getByText('jane@example.com')).toBeInTheDocument();
    // The real rating, not the home page's rule (five stars for 3 or more, else two).
    const stars = first.getByRole('img', { name: 'Rated 4 out of 5' });
    expect(stars.querySelectorAll('svg')).toHaveLength(5);
    expect(stars.querySelectorAll('svg[data-filled]')).toHaveLength(4);
    expect(first.getByText('4/5')).toBeInTheDocument();
    expect(first.getByText(jane.type)).toBeInTheDocument();
    const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(
      new Date(jane.createdAt),
    );
    expect(first.getByText(date)).toHaveAttribute('datetime', jane.createdAt);
    expect(first.getByText('Shown')).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Hide: review by Jane Doe' })).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Delete: review by Jane Doe' })).toBeInTheDocument();
    // Named by aria-label: browsers put a space before a visually hidden span ("Hide : ...").
    for (const button of first.getAllByRole('button')) {
      expect(button.getAttribute('aria-label')).toMatch(/^(Hide|Delete): review by Jane Doe$/);
      expect(button.textContent).toBe(button.getAttribute('aria-label')?.split(':')[0]);
    }
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Image',
      'Author',
      'Rating',
      'Review',
      'Date',
      'Status',
      'Actions',
    ]);
    // Short texts are not cut, so there is nothing to open.
    expect(first.queryByRole('button', { name: /Read all/ })).toBeNull();
    const avatar = first.getAllByRole('presentation')[0];
    expect(avatar).toHaveAttribute('src', expect.stringContaining('/uploads/avatar1'));

    const hidden = rowOf('Cheap Watches');
    expect(hidden.getByText('Hidden')).toBeInTheDocument();
    const one = hidden.getByRole('img', { name: 'Rated 1 out of 5' });
    expect(one.querySelectorAll('svg[data-filled]')).toHaveLength(1);
    expect(
      hidden.getByRole('button', { name: 'Show: review by Cheap Watches' }),
    ).toBeInTheDocument();
    expect(hidden.queryByRole('button', { name: /^Hide/ })).toBeNull();

    expect(rowOf('Partsmith Demo').getByText('No account e-mail')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–3 of 3 reviews.')).toBeInTheDocument();
  });

  it("cuts a long review to four lines, with 'Read all' to open the rest", async () => {
    // jsdom lays nothing out: a paragraph taller than its box is a cut one.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly report: () => void) {}
        observe() {
          this.report();
        }
        disconnect() {}
      },
    );
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(200);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(96);
    const long = review(4, 'Long Writer', { type: 'Fast shipping. '.repeat(40).trim() });
    mockAdminApi({ [`GET ${PATH}`]: () => listOf([long], 1) });
    renderPage();
    const text = await screen.findByText(long.type);
    expect(text).toHaveClass('line-clamp-4');
    const user = userEvent.setup();
    const more = screen.getByRole('button', { name: 'Read all: review by Long Writer' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more).toHaveAttribute('aria-controls', text.id);

    await user.click(more);
    expect(text).not.toHaveClass('line-clamp-4');
    expect(more).toHaveAccessibleName('Show less: review by Long Writer');
    expect(more).toHaveAttribute('aria-expanded', 'true');
    await user.click(more);
    expect(text).toHaveClass('line-clamp-4');
  });

  it('counts every review, and pages through them', async () => {
    const api = mockAdminApi({
      [`GET ${PATH}`]: ({ query }) =>
        query.get('cursor') === 'r2' ? listOf([demo], 250) : listOf([jane, spam], 250, 'r2'),
    });
    const { router } = renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manage Reviews: 250' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Showing 1–2 of 250 reviews.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Partsmith Demo')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?cursor=r2');
    expect(api.queries('GET', PATH)).toEqual(['?limit=25', '?limit=25&cursor=r2']);
  });

  it('shows the hidden ones only, or finds reviews by words, as the address says', async () => {
    const api = mockAdminApi({
      [`GET ${PATH}`]: ({ query }) => {
        if (query.get('limit') === '1') return listOf([jane], 3, 'x');
        if (query.get('q')) return listOf([], 0);
        return query.get('hidden') === 'true' ? listOf([spam], 1) : listOf([jane, demo], 2);
      },
    });
    const { router } = renderPage('/dashboard/manage-reviews?hidden=true&sort=rating-asc');
    expect(await screen.findByText('Cheap Watches')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Manage Reviews: 3');
    expect(api.queries('GET', PATH)).toEqual(['?limit=25&hidden=true&sort=rating-asc', '?limit=1']);
    expect(screen.getByLabelText('Visibility')).toHaveValue('true');
    expect(
      screen.getByRole('table', {
        name: 'Reviews that match the search and filters, rating, lowest first',
      }),
    ).toBeInTheDocument();

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Visibility'), 'Shown');
    expect(await screen.findByText('Jane Doe')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?hidden=false&sort=rating-asc');

    await user.type(screen.getByRole('searchbox', { name: 'Search the reviews' }), 'watches');
    expect(
      await screen.findByText('No reviews match “watches” with these filters.'),
    ).toBeInTheDocument();
    expect(api.queries('GET', PATH).at(-1)).toBe(
      '?limit=25&q=watches&hidden=false&sort=rating-asc',
    );
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(router.state.location.search).toBe('?sort=rating-asc');
  });

  it('hides a review from the home page, then shows it again', async () => {
    const api = mockAdminApi({
      [`GET ${PATH}`]: () => listOf([jane], 1),
      [`PATCH /api/reviews/${jane._id}`]: () => json({ acknowledged: true, modifiedCount: 1 }),
    });
    const { client } = renderPage();
    const user = userEvent.setup();
    const hide = await screen.findByRole('button', { name: 'Hide: review by Jane Doe' });
    await user.click(hide);

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(REVIEW_HIDDEN, {
        description: 'Review by Jane Doe',
      }),
    );
    expect(rowOf('Jane Doe').getByText('Hidden')).toBeInTheDocument();
    // The same button, now the way back, keeps the keyboard.
    const show = rowOf('Jane Doe').getByRole('button', { name: 'Show: review by Jane Doe' });
    expect(show).toBe(hide);
    expect(client.getQueryState(['reviews'])?.isInvalidated).toBe(true);

    await user.click(show);
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(REVIEW_SHOWN, {
        description: 'Review by Jane Doe',
      }),
    );
    expect(rowOf('Jane Doe').getByText('Shown')).toBeInTheDocument();
    expect(api.callsTo('PATCH', `/api/reviews/${jane._id}`).map((call) => call.body)).toEqual([
      { hidden: true },
      { hidden: false },
    ]);
    expect(confirmDialog).not.toHaveBeenCalled();
  });

  it("shows the server's message when hiding fails", async () => {
    mockAdminApi({
      [`GET ${PATH}`]: () => listOf([jane], 1),
      [`PATCH /api/reviews/${jane._id}`]: () => apiError(404, 'Review not found'),
    });
    renderPage();
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Hide: review by Jane Doe' }));
    await waitFor(() => expect(showErrorDialog).toHaveBeenCalledWith('Review not found'));
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('deletes a review after the confirmation, then reloads the list', async () => {
    let reviews = [jane, spam];
    const api = mockAdminApi({
      [`GET ${PATH}`]: () => listOf(reviews, reviews.length),
      [`DELETE /api/reviews/${spam._id}`]: () => {
        reviews = [jane];
        return json({ acknowledged: true, deletedCount: 1 });
      },
    });
    const { client } = renderPage();
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Delete: review by Cheap Watches' }));
    expect(confirmDialog).toHaveBeenCalledWith(DELETE_REVIEW_TEXT);
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(DELETED, {
        description: 'Review by Cheap Watches',
      }),
    );
    expect(api.callsTo('DELETE', `/api/reviews/${spam._id}`)).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'Manage Reviews: 1' })).toHaveFocus();
    await waitFor(() => expect(api.callsTo('GET', PATH)).toHaveLength(2));
    expect(screen.queryByText('Cheap Watches')).toBeNull();
    expect(client.getQueryState(['reviews'])?.isInvalidated).toBe(true);
  });

  it('deletes nothing when the confirmation is cancelled', async () => {
    vi.mocked(confirmDialog).mockResolvedValueOnce(false);
    const api = mockAdminApi({ [`GET ${PATH}`]: () => listOf([jane], 1) });
    renderPage();
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Delete: review by Jane Doe' }));
    await waitFor(() => expect(confirmDialog).toHaveBeenCalled());
    expect(api.callsTo('DELETE', `/api/reviews/${jane._id}`)).toHaveLength(0);
    expect(rowOf('Jane Doe').getByText(jane.type)).toBeInTheDocument();
  });

  it('says so when there are no reviews', async () => {
    mockAdminApi({ [`GET ${PATH}`]: () => listOf([], 0) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Manage Reviews: 0' })).toBeInTheDocument();
    expect(screen.getByText('No reviews yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers a retry when the reviews cannot be loaded', async () => {
    let fail = true;
    mockAdminApi({
      [`GET ${PATH}`]: () =>
        fail ? apiError(403, 'Only administrators can do that.') : listOf([jane], 1),
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Only administrators can do that.');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Manage Reviews: 1' })).toBeInTheDocument();
  });
});
