import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Quote } from '@partsmith/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PART_ID } from '../../../test/fixtures.ts';
import { apiError, json, mockApi, type ApiCall, type Routes } from '../../../test/mock-api.ts';
import { MANAGE_QUOTES_TITLE, ManageQuotesPage, QUOTE_SENT } from './manage-quotes-page.tsx';
import {
  PSU_ID,
  QUOTE_ORDER_ID,
  REQUESTED_ID,
  acceptedQuote,
  answered,
  quote,
} from './quote-fixtures.ts';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

/** Noon UTC on 2025-03-05: the default last day is 14 days on, 2025-03-19. */
const NOW = new Date('2025-03-05T12:00:00.000Z');
const PAGE = '/dashboard/manage-quotes';

function renderPage(routes: Routes, entry = PAGE) {
  const api = mockApi(routes);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path: PAGE, element: <ManageQuotesPage /> }], {
    initialEntries: [entry],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  /** The address's query string, as the page keeps its search, filter, sort and page there. */
  const search = () => new URLSearchParams(router.state.location.search);
  /** The params of the table's page requests (not the counts' limit=1), oldest first. */
  const pageRequests = () =>
    api
      .callsTo('GET', '/api/admin/quotes')
      .map((call) => Object.fromEntries(new URLSearchParams(call.search ?? '')))
      .filter((params) => params.limit !== '1');
  return { api, router, search, pageRequests };
}

/**
 * GET /api/admin/quotes as the server answers it, over `quotes()` (newest first): `q` finds a
 * number, a customer or a part, `state` a status, `sort=oldest` reverses, pages of `limit` with
 * the next one's index as its cursor.
 */
function adminQuotes(quotes: () => Quote[]) {
  return (call: ApiCall) => {
    const params = new URLSearchParams(call.search ?? '');
    const q = params.get('q')?.toLowerCase() ?? '';
    const state = params.get('state');
    let found = quotes().filter(
      (one) =>
        (!state || one.status === state) &&
        (!q ||
          [one.number, one.userName, one.userEmail, ...one.lines.map((l) => l.name)].some((text) =>
            text.toLowerCase().includes(q),
          )),
    );
    if (params.get('sort') === 'oldest') found = found.toReversed();
    const from = Number(params.get('cursor') ?? 0);
    const limit = Number(params.get('limit') ?? 25);
    const next = from + limit < found.length ? String(from + limit) : null;
    return json({ items: found.slice(from, from + limit), nextCursor: next, total: found.length });
  };
}

const table = () => within(screen.getByRole('table'));
/** The table's row of a quote (the row whose first cell is its number). */
const row = (number: string) =>
  within(
    table()
      .getAllByRole('row')
      .find((r) => within(r).queryAllByRole('cell')[0]?.textContent?.startsWith(number))!,
  );
/** Opens a quote's row: the details and the answer form under it. */
async function open(user: ReturnType<typeof userEvent.setup>, number: string, verb = 'Answer') {
  await user.click(await screen.findByRole('button', { name: `${verb} quote ${number}` }));
  return within(screen.getByRole('region', { name: `Quote ${number}` }));
}

const bobs = quote({
  userName: 'Bob Builder',
  userEmail: 'bob@example.com',
  message: 'Ten workstations.\nDelivery in April.',
});
const accepted = acceptedQuote();

beforeEach(() => {
  // Only Date: the user events, the search's pause and the queries keep their real timers.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.mocked(toast.success).mockClear();
});

describe('ManageQuotesPage', () => {
  it('lists every quote in a table: its customer, parts, total, last day and status; the heading counts them and says how many wait', async () => {
    const { pageRequests } = renderPage({
      'GET /api/admin/quotes': adminQuotes(() => [bobs, accepted]),
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the quotes');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'All Quotes: 2' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(MANAGE_QUOTES_TITLE));
    expect(await screen.findByText('1 request is waiting for prices.')).toBeInTheDocument();
    // The first page, newest first (the server's default sort is not sent).
    expect(pageRequests()).toEqual([{ limit: '25' }]);
    expect(screen.getByRole('table', { name: 'All quotes, newest first' })).toBeInTheDocument();
    expect(
      table()
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Quote', 'Customer', 'Parts', 'Total', 'Valid until', 'Status', 'Answer']);
    expect(screen.getByText('Showing 1–2 of 2 quotes.')).toBeInTheDocument();

    const open1 = row('Q-000001');
    expect(open1.getByText('Requested', { selector: '.badge' })).toBeInTheDocument();
    expect(open1.getByText('Bob Builder')).toBeInTheDocument();
    expect(open1.getByRole('link', { name: 'bob@example.com' })).toHaveAttribute(
      'href',
      'mailto:bob@example.com',
    );
    expect(open1.getByText('Ryzen 7 8-core CPU and 1 more')).toBeInTheDocument();
    expect(open1.getByText('14 units')).toBeInTheDocument();
    expect(open1.getAllByText('Not quoted yet')).toHaveLength(1);
    expect(open1.getByText('Not answered yet')).toBeInTheDocument();

    const done = row('Q-000003');
    expect(done.getByText('Accepted', { selector: '.badge' })).toBeInTheDocument();
    expect(done.getByText('$3,060.00')).toBeInTheDocument();
    expect(
      done.getByText(
        new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(
          new Date('2099-12-31T12:00:00Z'),
        ),
      ),
    ).toBeInTheDocument();
    // Closed until asked: no form on the page yet.
    expect(screen.queryByRole('form')).toBeNull();
  });

  it("opens a request to the customer's message and a form with a price per line, and an accepted quote to its order", async () => {
    renderPage({ 'GET /api/admin/quotes': adminQuotes(() => [bobs, accepted]) });
    const user = userEvent.setup();
    const toggle = await screen.findByRole('button', { name: 'Answer quote Q-000001' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const details = await open(user, 'Q-000001');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAttribute('aria-controls', expect.any(String));
    expect(details.getByText('Message').nextElementSibling).toHaveTextContent(
      'Ten workstations. Delivery in April.',
    );
    const form = within(details.getByRole('form', { name: 'Answer quote Q-000001' }));
    // Each price is labelled with its part, and starts at the list price.
    expect(form.getByLabelText('Unit price for Ryzen 7 8-core CPU')).toHaveValue(289.5);
    expect(form.getByLabelText('Unit price for Anvil PSU 850 W')).toHaveValue(99);
    expect(form.getByText('10 units, list price $289.50 each')).toBeInTheDocument();
    expect(form.getByLabelText('Valid until')).toHaveValue('2025-03-19');
    expect(form.getByLabelText('Valid until')).toHaveAttribute('min', '2025-03-05');
    const message = form.getByLabelText('Message to the customer');
    expect(message).toHaveValue('');
    expect(message).toHaveAttribute('maxLength', '2000');
    expect(message).toHaveAccessibleDescription(/Shown with the quote and in its e-mail/);
    expect(form.getByRole('button', { name: 'Send quote Q-000001' })).toBeEnabled();
    // Closed again.
    await user.click(toggle);
    expect(screen.queryByRole('form')).toBeNull();

    const done = await open(user, 'Q-000003', 'View');
    expect(done.queryByRole('button', { name: /Send quote/ })).toBeNull();
    expect(done.queryByLabelText(/Unit price/)).toBeNull();
    expect(done.getByRole('link', { name: 'View the order of quote Q-000003' })).toHaveAttribute(
      'href',
      `/dashboard/orders/${QUOTE_ORDER_ID}`,
    );
  });

  it('sends a unit price per line, the last valid day and a message to the customer', async () => {
    let quotes = [bobs];
    const { api } = renderPage({
      'GET /api/admin/quotes': adminQuotes(() => quotes),
      [`PUT /api/quotes/${REQUESTED_ID}`]: (call) => {
        const { userName, userEmail, message } = bobs;
        quotes = [
          answered(
            {
              _id: REQUESTED_ID,
              number: 'Q-000001',
              userName,
              userEmail,
              message,
              answerMessage: (call.body as { message: string }).message,
            },
            '2025-03-31',
          ),
        ];
        return json(quotes[0]);
      },
    });
    const user = userEvent.setup();
    const details = await open(user, 'Q-000001');
    const cpu = details.getByLabelText('Unit price for Ryzen 7 8-core CPU');
    await user.clear(cpu);
    await user.type(cpu, '270');
    expect(cpu.closest('li')).toHaveTextContent('Line total$2,700.00');
    const day = details.getByLabelText('Valid until');
    await user.clear(day);
    await user.type(day, '2025-03-31');
    await user.type(
      details.getByLabelText('Message to the customer'),
      '  Ships in two weeks.{Enter}<b>Cables</b> included.  ',
    );
    await user.click(details.getByRole('button', { name: 'Send quote Q-000001' }));

    await waitFor(() =>
      expect(api.callsTo('PUT', `/api/quotes/${REQUESTED_ID}`).map((call) => call.body)).toEqual([
        {
          lines: [
            { partId: PART_ID, unitPrice: 270 },
            { partId: PSU_ID, unitPrice: 99 },
          ],
          validUntil: '2025-03-31',
          message: 'Ships in two weeks.\n<b>Cables</b> included.',
        },
      ]),
    );
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(QUOTE_SENT, {
        description: 'Quote Q-000001 for Bob Builder (bob@example.com).',
      }),
    );
    // The answer shows: answered, its total and last day; the prices can still change, starting
    // from the answer's own (its message too).
    expect(await row('Q-000001').findByText('Answered', { selector: '.badge' })).toBeVisible();
    expect(row('Q-000001').getByText('$3,060.00')).toBeInTheDocument();
    const after = within(screen.getByRole('region', { name: 'Quote Q-000001' }));
    expect(after.getByText('Total').nextElementSibling).toHaveTextContent('$3,060.00');
    // The whole list and its counts were asked again.
    await waitFor(() =>
      expect(screen.getByText('No request is waiting for prices.')).toBeVisible(),
    );
  });

  it('checks every price before sending', async () => {
    const { api } = renderPage({ 'GET /api/admin/quotes': adminQuotes(() => [bobs]) });
    const user = userEvent.setup();
    const details = await open(user, 'Q-000001');
    const psu = details.getByLabelText('Unit price for Anvil PSU 850 W');
    await user.clear(psu);
    await user.click(details.getByRole('button', { name: 'Send quote Q-000001' }));
    await waitFor(() => expect(psu).toHaveAccessibleDescription('Price is Required'));
    expect(psu).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PUT', `/api/quotes/${REQUESTED_ID}`)).toHaveLength(0);
  });

  it("shows the server's refusal (409 accepted meanwhile, 422 a past day)", async () => {
    renderPage({
      'GET /api/admin/quotes': adminQuotes(() => [bobs]),
      [`PUT /api/quotes/${REQUESTED_ID}`]: () =>
        apiError(409, 'This quote was accepted already: its prices cannot change.'),
    });
    const user = userEvent.setup();
    const details = await open(user, 'Q-000001');
    await user.click(details.getByRole('button', { name: 'Send quote Q-000001' }));
    expect(await details.findByRole('alert')).toHaveTextContent(
      'This quote was accepted already: its prices cannot change.',
    );
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('starts an answered quote at its own prices, day and message; an accepted one shows the message it was sent with', async () => {
    const note = 'Ships in two weeks.\n<b>Cables</b> included.';
    renderPage({
      'GET /api/admin/quotes': adminQuotes(() => [
        answered({ answerMessage: note }, '2025-04-30'),
        { ...acceptedQuote(), answerMessage: note },
      ]),
    });
    const user = userEvent.setup();
    const details = await open(user, 'Q-000002');
    expect(details.getByLabelText('Unit price for Ryzen 7 8-core CPU')).toHaveValue(270);
    expect(details.getByLabelText('Valid until')).toHaveValue('2025-04-30');
    expect(details.getByLabelText('Message to the customer')).toHaveValue(note);

    const done = await open(user, 'Q-000003', 'View');
    const said = done.getByRole('region', { name: 'Your message to the customer' });
    // As written: its line break kept, its markup shown as text.
    expect(said).toHaveTextContent('Ships in two weeks. <b>Cables</b> included.');
    expect(said.querySelector('b')).toBeNull();
  });

  it('searches, filters and sorts on the server, all kept in the address', async () => {
    const others = [
      quote({ _id: crypto.randomUUID(), number: 'Q-000010', userName: 'Carol Chip' }),
      answered({ _id: crypto.randomUUID(), number: 'Q-000011', userName: 'Dan Diode' }),
    ];
    const { search, pageRequests } = renderPage({
      'GET /api/admin/quotes': adminQuotes(() => [bobs, ...others, accepted]),
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'All Quotes: 4' })).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search all quotes' }), 'carol');
    await waitFor(() => expect(search().get('q')).toBe('carol'));
    expect(await screen.findByText('1 quote matches “carol”. Showing 1–1 of 1.')).toBeVisible();
    expect(pageRequests().at(-1)).toEqual({ q: 'carol', limit: '25' });
    // The heading still counts every quote.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('All Quotes: 4');
    // A search that finds one quote opens it.
    expect(screen.getByRole('form', { name: 'Answer quote Q-000010' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(search().get('q')).toBeNull());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Answered');
    await waitFor(() => expect(search().get('state')).toBe('answered'));
    await waitFor(() => expect(table().getAllByRole('row')).toHaveLength(2));
    expect(table().getByText('Q-000011')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Oldest first');
    await waitFor(() => expect(search().get('sort')).toBe('oldest'));
    expect(pageRequests().at(-1)).toEqual({ state: 'answered', sort: 'oldest', limit: '25' });
    expect(
      await screen.findByRole('table', {
        name: 'Quotes that match the search and filters, oldest first',
      }),
    ).toBeInTheDocument();
  });

  it('opens at the address it was left at, and lists the waiting requests at a click', async () => {
    const { search, pageRequests } = renderPage(
      { 'GET /api/admin/quotes': adminQuotes(() => [bobs, accepted]) },
      `${PAGE}?q=Q-000001`,
    );
    const user = userEvent.setup();
    // The request mail's link: the quote found alone, open.
    expect(await screen.findByRole('form', { name: 'Answer quote Q-000001' })).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Search all quotes' })).toHaveValue('Q-000001');
    expect(pageRequests()).toEqual([{ q: 'Q-000001', limit: '25' }]);

    await user.click(await screen.findByRole('button', { name: 'Show the waiting requests' }));
    await waitFor(() => expect(search().toString()).toBe('state=requested'));
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('requested');
    expect(screen.queryByRole('button', { name: 'Show the waiting requests' })).toBeNull();
  });

  it('pages on the server: Next asks for the next cursor, Previous goes back', async () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      quote({
        _id: crypto.randomUUID(),
        number: `Q-${String(100 - i).padStart(6, '0')}`,
      }),
    );
    const { search } = renderPage({ 'GET /api/admin/quotes': adminQuotes(() => many) });
    const user = userEvent.setup();
    expect(await screen.findByText('Showing 1–25 of 30 quotes.')).toBeVisible();
    expect(screen.getByText('30 requests are waiting for prices.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(search().get('cursor')).toBe('25'));
    expect(await screen.findByText('Page 2: Showing 26–30 of 30 quotes.')).toHaveFocus();
    expect(table().getAllByRole('row')).toHaveLength(6);
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(search().get('cursor')).toBeNull());
    expect(await screen.findByText('Showing 1–25 of 30 quotes.')).toBeVisible();
  });

  it('offers a retry when the quotes cannot be loaded, and says when there are none', async () => {
    let fail = true;
    renderPage({
      'GET /api/admin/quotes': (call) =>
        fail ? apiError(500, 'boom') : adminQuotes(() => [])(call),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the quotes.');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No quote requests yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('All Quotes: 0');
  });
});
