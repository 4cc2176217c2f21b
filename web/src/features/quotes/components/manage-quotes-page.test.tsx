import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PART_ID } from '../../../test/fixtures.ts';
import { apiError, json, mockApi, type Routes } from '../../../test/mock-api.ts';
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

function renderPage(routes: Routes) {
  const api = mockApi(routes);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [{ path: '/dashboard/manage-quotes', element: <ManageQuotesPage /> }],
    { initialEntries: ['/dashboard/manage-quotes'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { api };
}

const card = (number: string) => within(screen.getByRole('article', { name: `Quote ${number}` }));

const bobs = quote({
  userName: 'Bob Builder',
  userEmail: 'bob@example.com',
  message: 'Ten workstations.\nDelivery in April.',
});
const accepted = acceptedQuote();

beforeEach(() => {
  // Only Date: the user events and the queries keep their real timers.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.mocked(toast.success).mockClear();
});

describe('ManageQuotesPage', () => {
  it('shows each quote with its customer, message and status; an accepted one links its order', async () => {
    renderPage({ 'GET /api/quotes': () => json([bobs, accepted]) });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the quotes');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'All Quotes: 2' }),
    ).toBeInTheDocument();
    expect(document.title).toBe(MANAGE_QUOTES_TITLE);
    expect(screen.getByText('1 request is waiting for prices.')).toBeInTheDocument();

    const open = card('Q-000001');
    expect(open.getByText('Requested', { selector: '.badge' })).toBeInTheDocument();
    expect(open.getByText('Customer').nextElementSibling).toHaveTextContent(
      'Bob Builder bob@example.com',
    );
    expect(open.getByRole('link', { name: 'bob@example.com' })).toHaveAttribute(
      'href',
      'mailto:bob@example.com',
    );
    expect(open.getByText('Message').nextElementSibling).toHaveTextContent(
      'Ten workstations. Delivery in April.',
    );
    // Each price is labelled with its part, and starts at the list price.
    expect(open.getByLabelText('Unit price for Ryzen 7 8-core CPU')).toHaveValue(289.5);
    expect(open.getByLabelText('Unit price for Anvil PSU 850 W')).toHaveValue(99);
    expect(open.getByText('10 units, list price $289.50 each')).toBeInTheDocument();
    expect(open.getByLabelText('Valid until')).toHaveValue('2025-03-19');
    expect(open.getByLabelText('Valid until')).toHaveAttribute('min', '2025-03-05');
    expect(open.getByRole('button', { name: 'Send quote Q-000001' })).toBeEnabled();

    const done = card('Q-000003');
    expect(done.getByText('Accepted', { selector: '.badge' })).toBeInTheDocument();
    expect(done.queryByRole('button', { name: /Send quote/ })).toBeNull();
    expect(done.queryByLabelText(/Unit price/)).toBeNull();
    expect(done.getByRole('link', { name: 'View the order of quote Q-000003' })).toHaveAttribute(
      'href',
      `/dashboard/orders/${QUOTE_ORDER_ID}`,
    );
  });

  it('sends a unit price per line and the last valid day', async () => {
    let quotes = [bobs];
    const { api } = renderPage({
      'GET /api/quotes': () => json(quotes),
      [`PUT /api/quotes/${REQUESTED_ID}`]: () => {
        const { userName, userEmail, message } = bobs;
        quotes = [
          answered(
            { _id: REQUESTED_ID, number: 'Q-000001', userName, userEmail, message },
            '2025-03-31',
          ),
        ];
        return json(quotes[0]);
      },
    });
    const user = userEvent.setup();
    const cpu = await screen.findByLabelText('Unit price for Ryzen 7 8-core CPU');
    await user.clear(cpu);
    await user.type(cpu, '270');
    expect(cpu.closest('li')).toHaveTextContent('Line total$2,700.00');
    const day = screen.getByLabelText('Valid until');
    await user.clear(day);
    await user.type(day, '2025-03-31');
    await user.click(screen.getByRole('button', { name: 'Send quote Q-000001' }));

    await waitFor(() =>
      expect(api.callsTo('PUT', `/api/quotes/${REQUESTED_ID}`).map((call) => call.body)).toEqual([
        {
          lines: [
            { partId: PART_ID, unitPrice: 270 },
            { partId: PSU_ID, unitPrice: 99 },
          ],
          validUntil: '2025-03-31',
        },
      ]),
    );
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(QUOTE_SENT, {
        description: 'Quote Q-000001 for Bob Builder (bob@example.com).',
      }),
    );
    // The answer shows: answered, its total and last day; the prices can still change.
    expect(await card('Q-000001').findByText('Answered', { selector: '.badge' })).toBeVisible();
    expect(card('Q-000001').getByText('Total').nextElementSibling).toHaveTextContent('$3,060.00');
  });

  it('checks every price before sending', async () => {
    const { api } = renderPage({ 'GET /api/quotes': () => json([bobs]) });
    const user = userEvent.setup();
    const psu = await screen.findByLabelText('Unit price for Anvil PSU 850 W');
    await user.clear(psu);
    await user.click(screen.getByRole('button', { name: 'Send quote Q-000001' }));
    await waitFor(() => expect(psu).toHaveAccessibleDescription('Price is Required'));
    expect(psu).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PUT', `/api/quotes/${REQUESTED_ID}`)).toHaveLength(0);
  });

  it("shows the server's refusal (409 accepted meanwhile, 422 a past day)", async () => {
    renderPage({
      'GET /api/quotes': () => json([bobs]),
      [`PUT /api/quotes/${REQUESTED_ID}`]: () =>
        apiError(409, 'This quote was accepted already: its prices cannot change.'),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send quote Q-000001' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This quote was accepted already: its prices cannot change.',
    );
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('starts an answered quote at its own prices and day', async () => {
    renderPage({ 'GET /api/quotes': () => json([answered({}, '2025-04-30')]) });
    expect(await screen.findByLabelText('Unit price for Ryzen 7 8-core CPU')).toHaveValue(270);
    expect(screen.getByLabelText('Valid until')).toHaveValue('2025-04-30');
  });

  it('offers a retry when the quotes cannot be loaded, and says when there are none', async () => {
    let fail = true;
    renderPage({ 'GET /api/quotes': () => (fail ? apiError(500, 'boom') : json([])) });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the quotes.');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No quote requests yet.')).toBeInTheDocument();
  });
});
