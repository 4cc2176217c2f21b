import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Order } from '@partsmith/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmDialog, showErrorDialog } from '../../../lib/dialogs.ts';
import { apiError, json, mockApi, type Routes } from '../../../test/mock-api.ts';
import { DELETE_ORDER_TEXT, DELETED, MyOrdersPage } from './my-orders-page.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('../../../lib/dialogs.ts', () => ({
  showErrorDialog: vi.fn(async () => {}),
  confirmDialog: vi.fn(async () => true),
}));

const jane = { name: 'Jane Doe', email: 'jane@example.com' };
const UNPAID_ID = '0b6f3c1e-7d2a-4e9b-8c5d-2f1a0e9d8c7b';
const PAID_ID = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const TXN = 'pi_3PqTestTransaction0123456789';

function order(overrides: Partial<Order>): Order {
  return {
    _id: UNPAID_ID,
    number: 'PS-O-000041',
    partId: '5f1c9a7e-2b4d-4c8e-9f10-1a2b3c4d5e6f',
    name: 'Ryzen 7 8-core CPU',
    image: '/images/parts/cpu-8core.svg',
    description: 'Eight cores.',
    price: 289.5,
    quantity: 6,
    total: 1737,
    userEmail: jane.email,
    userName: jane.name,
    address: '12 Foundry Lane, Springfield',
    phone: '+1 555 010 2030',
    availableQuantity: 34,
    paid: false,
    transactionId: null,
    status: null,
    createdAt: '2025-03-02T10:00:00.000Z',
    ...overrides,
  };
}

const unpaid = order({});
const paid = order({
  _id: PAID_ID,
  name: 'DDR5 32 GB kit',
  image: '/images/parts/ram-ddr5-32gb.svg',
  price: 119.99,
  quantity: 10,
  total: 1199.9,
  paid: true,
  transactionId: TXN,
  status: 'shipped',
  carrier: 'UPS',
  trackingNumber: '1Z 999 AA1 01 2345 6784',
});

/** A checkout of three parts (the second older than part numbers). */
const checkout = order({
  _id: '3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a98',
  number: 'PS-O-000043',
  name: 'Anvil AM5 board and 2 more',
  quantity: 15,
  total: 423.38,
  sku: 'PS-MOT-000003',
  lines: [
    {
      partId: '11111111-1111-4111-8111-111111111111',
      sku: 'PS-MOT-000003',
      name: 'Anvil AM5 board',
      image: '/images/parts/board.svg',
      price: 189,
      quantity: 1,
      total: 189,
    },
    {
      partId: null,
      sku: null,
      name: 'Forge DDR5 32 GB',
      image: '/images/parts/ram.svg',
      price: 109.99,
      quantity: 2,
      total: 219.98,
    },
    {
      partId: '33333333-3333-4333-8333-333333333333',
      sku: 'PS-TOO-000009',
      name: 'Rivet M.2 screws',
      image: '/images/parts/screws.svg',
      price: 1.2,
      quantity: 12,
      total: 14.4,
    },
  ],
});

function renderPage(routes: Routes, at = '/dashboard/my-orders') {
  const api = mockApi(routes);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(['allParts', { q: '' }], { pages: [], pageParams: [] });
  const router = createMemoryRouter(
    [
      { path: '/dashboard/my-orders', element: <MyOrdersPage user={jane} /> },
      { path: '/cart', element: <h1>Your cart</h1> },
    ],
    { initialEntries: [at] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { api, client, router };
}

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(confirmDialog).mockClear();
  vi.mocked(showErrorDialog).mockClear();
  vi.mocked(toast.success).mockClear();
});

describe('MyOrdersPage', () => {
  it('lists the orders: count, Pay only for unpaid ones, the transaction id of paid ones', async () => {
    const { api } = renderPage({ 'GET /api/orders': () => json([unpaid, paid]) });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your orders');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Orders: 2' }),
    ).toBeInTheDocument();
    expect(api.spy.mock.calls[0]?.[0]).toBe('/api/orders?userEmail=jane%40example.com');
    await waitFor(() => expect(document.title).toBe('My Orders | Partsmith'));

    const [first, second] = rows();
    const unpaidRow = within(first!);
    expect(unpaidRow.getByText('Ryzen 7 8-core CPU')).toBeInTheDocument();
    expect(unpaidRow.getByText('jane@example.com')).toBeInTheDocument();
    expect(unpaidRow.getByText('6')).toBeInTheDocument();
    expect(unpaidRow.getByText('$1,737.00')).toBeInTheDocument();
    expect(unpaidRow.getByRole('link', { name: 'Pay for Ryzen 7 8-core CPU' })).toHaveAttribute(
      'href',
      `/dashboard/payment/${UNPAID_ID}`,
    );
    expect(
      unpaidRow.getByRole('button', { name: 'Delete order 1 (Ryzen 7 8-core CPU)' }),
    ).toBeEnabled();

    const paidRow = within(second!);
    expect(paidRow.queryByRole('link', { name: /Pay/ })).toBeNull();
    expect(paidRow.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(paidRow.getByText('Paid')).toBeInTheDocument();
    expect(paidRow.getByText('Shipped')).toBeInTheDocument();
    // The carrier's tracking page, as the order's page links it.
    const track = paidRow.getByRole('link', {
      name: 'Track the parcel of DDR5 32 GB kit with UPS (opens the carrier’s site in a new tab)',
    });
    expect(track).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(track).toHaveAttribute('target', '_blank');
    const txn = paidRow.getByText(TXN);
    expect(txn.tagName).toBe('CODE');
    expect(txn).toHaveAttribute('title', TXN);
    expect(paidRow.getByText('$1,199.90')).toBeInTheDocument();

    expect(screen.getAllByRole('link', { name: /^Pay/ })).toHaveLength(1);
  });

  it('shows an expired order as Expired, without a Pay link', async () => {
    renderPage({ 'GET /api/orders': () => json([order({ expired: true })]) });
    await screen.findByRole('table');
    const [row] = rows();
    expect(within(row!).getByText('Expired')).toBeInTheDocument();
    expect(within(row!).queryByRole('link', { name: /Pay/ })).toBeNull();
  });

  it("says when an unpaid order expires, in the browser's own words, beside its Pay link", async () => {
    const expiresAt = '2025-03-03T10:30:00.000Z';
    renderPage({
      'GET /api/orders': () =>
        json([order({ expiresAt }), order({ _id: PAID_ID, name: 'DDR5 kit', paid: true })]),
    });
    await screen.findByRole('table');
    const [open, done] = rows();
    const shown = new Intl.DateTimeFormat(undefined, {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(expiresAt));
    const line = within(open!).getByText(/^Expires/);
    expect(line).toHaveTextContent(`Expires ${shown}`);
    expect(line.querySelector('time')).toHaveAttribute('datetime', expiresAt);
    // In the Pay link's cell, so it reads with it on a phone's card too.
    expect(line.closest('td')).toBe(
      within(open!).getByRole('link', { name: 'Pay for Ryzen 7 8-core CPU' }).closest('td'),
    );
    expect(within(done!).queryByText(/Expires/)).toBeNull();
  });

  it('shows no expiry for an order without one, or one that has expired', async () => {
    renderPage({
      'GET /api/orders': () =>
        json([order({}), order({ _id: PAID_ID, expired: true, expiresAt: null })]),
    });
    await screen.findByRole('table');
    expect(screen.queryByText(/Expires/)).toBeNull();
  });

  it('asks before deleting, then deletes, toasts and refetches', async () => {
    let orders = [unpaid, paid];
    const { api, client } = renderPage({
      'GET /api/orders': () => json(orders),
      [`DELETE /api/orders/${UNPAID_ID}`]: () => {
        orders = [paid];
        return json({ acknowledged: true, deletedCount: 1 });
      },
    });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Delete order 1 (Ryzen 7 8-core CPU)' }),
    );

    expect(confirmDialog).toHaveBeenCalledWith(DELETE_ORDER_TEXT);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(DELETED));
    expect(api.callsTo('DELETE', `/api/orders/${UNPAID_ID}`)).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'My Orders: 1' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/orders')).toHaveLength(2);
    expect(client.getQueryState(['allParts', { q: '' }])?.isInvalidated).toBe(true);
  });

  it('deletes nothing when the confirmation is cancelled', async () => {
    vi.mocked(confirmDialog).mockResolvedValueOnce(false);
    const { api } = renderPage({ 'GET /api/orders': () => json([unpaid]) });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Delete order 1 (Ryzen 7 8-core CPU)' }),
    );
    await waitFor(() => expect(confirmDialog).toHaveBeenCalled());
    expect(api.callsTo('DELETE', `/api/orders/${UNPAID_ID}`)).toHaveLength(0);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("shows the server's message when the order cannot be deleted", async () => {
    renderPage({
      'GET /api/orders': () => json([unpaid]),
      [`DELETE /api/orders/${UNPAID_ID}`]: () => apiError(409, 'A paid order cannot be deleted.'),
    });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Delete order 1 (Ryzen 7 8-core CPU)' }),
    );
    await waitFor(() =>
      expect(showErrorDialog).toHaveBeenCalledWith('A paid order cannot be deleted.'),
    );
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('shows a long history 20 orders at a time', async () => {
    const many = Array.from({ length: 45 }, (_, i) =>
      order({ _id: `0b6f3c1e-7d2a-4e9b-8c5d-${String(i).padStart(12, '0')}` }),
    );
    renderPage({ 'GET /api/orders': () => json(many) });
    expect(await screen.findByRole('heading', { name: 'My Orders: 45' })).toBeInTheDocument();
    expect(rows()).toHaveLength(20);
    expect(screen.getByText('Showing 20 of 45 orders')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show 20 more' }));
    expect(rows()).toHaveLength(40);
    await userEvent.click(screen.getByRole('button', { name: 'Show 5 more' }));
    expect(rows()).toHaveLength(45);
    expect(screen.queryByRole('button', { name: /more/ })).toBeNull();
  });

  it('invites to shop when there are no orders', async () => {
    renderPage({ 'GET /api/orders': () => json([]) });
    expect(await screen.findByRole('heading', { name: 'My Orders: 0' })).toBeInTheDocument();
    expect(screen.getByText('You have not ordered anything yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the parts' })).toHaveAttribute(
      'href',
      '/#parts',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers a retry when the orders cannot be loaded', async () => {
    let fail = true;
    renderPage({
      'GET /api/orders': () => (fail ? apiError(500, 'boom') : json([unpaid])),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your orders.');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'My Orders: 1' })).toBeInTheDocument();
  });

  it('shows each order’s number beside its index, and an order’s parts line by line', async () => {
    renderPage({ 'GET /api/orders': () => json([checkout, unpaid]) });
    await screen.findByRole('table');
    expect(screen.getByRole('columnheader', { name: 'Order number' })).toBeInTheDocument();
    const [several, single] = rows();
    expect(within(several!).getByText('PS-O-000043')).toBeInTheDocument();
    expect(within(single!).getByText('PS-O-000041')).toBeInTheDocument();
    // Every line with its name, part number, quantity and unit price; no summed quantity.
    const parts = within(
      within(several!).getByRole('list', { name: 'Parts of order PS-O-000043' }),
    );
    expect(parts.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Anvil AM5 board' + 'Part no. PS-MOT-000003' + '1 × $189.00Quantity 1, $189.00 each',
      'Forge DDR5 32 GB' + '2 × $109.99Quantity 2, $109.99 each',
      'Rivet M.2 screws' + 'Part no. PS-TOO-000009' + '12 × $1.20Quantity 12, $1.20 each',
    ]);
    expect(within(several!).queryByText('15')).toBeNull();
    expect(within(several!).getByText('Per part')).toBeInTheDocument();
    // An order of one part keeps its quantity and shows no list.
    expect(within(single!).queryByRole('list')).toBeNull();
    expect(within(single!).getByText('6')).toBeInTheDocument();
  });

  it('searches the orders as the buyer types, keeps each order’s index, and says when nothing matches', async () => {
    const { api } = renderPage({
      'GET /api/orders': ({ search }) => {
        const q = new URLSearchParams(search).get('q');
        if (q === null) return json([checkout, unpaid]);
        return json(q === 'ryzen' ? [unpaid] : []);
      },
    });
    await screen.findByRole('heading', { name: 'My Orders: 2' });
    const user = userEvent.setup();
    const box = screen.getByRole('searchbox', { name: 'Search your orders' });
    await user.type(box, 'ryzen');
    expect(await screen.findByText(/1 order matches “ryzen”\./)).toBeInTheDocument();
    // One request once typing paused, not one per letter.
    expect(api.callsTo('GET', '/api/orders').map((call) => call.search)).toEqual([
      '?userEmail=jane%40example.com',
      '?userEmail=jane%40example.com&q=ryzen',
    ]);
    expect(rows()).toHaveLength(1);
    // Still the second of all the orders, as the heading counts them all.
    expect(within(rows()[0]!).getAllByRole('cell')[0]).toHaveTextContent(/^Order 2$/);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('My Orders: 2');

    await user.clear(box);
    await user.type(box, 'PS-O-999999{Enter}');
    expect(
      await screen.findByText('No orders match “PS-O-999999”.', { selector: 'p' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('No orders match “PS-O-999999”.');
    expect(screen.queryByRole('table')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(rows()).toHaveLength(2);
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
  });

  it('"Order again" from a row fills the cart and opens it with what was added', async () => {
    const { api } = renderPage({
      'GET /api/orders': () => json([unpaid]),
      [`POST /api/orders/${UNPAID_ID}/reorder`]: () =>
        json({
          added: [{ partId: unpaid.partId, name: 'Ryzen 7 8-core CPU', quantity: 6 }],
          skipped: [],
        }),
    });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Order again (order PS-O-000041)' }),
    );
    expect(await screen.findByRole('heading', { name: 'Your cart' })).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/orders/${UNPAID_ID}/reorder`)).toHaveLength(1);
    expect(toast.success).toHaveBeenCalledWith('Added to your cart: 6 × Ryzen 7 8-core CPU.', {
      description: undefined,
    });
  });

  it('shows only the orders to pay, or those on account, as the address asks, with each count', async () => {
    const onTerms = order({
      _id: '5c4b3a29-1807-4f6e-9d5c-4b3a29180706',
      number: 'PS-O-000043',
      name: 'Anvil bench vise',
      paymentMethod: 'invoice',
      invoiceNumber: 'PS-2026-000007',
      dueDate: '2026-12-30',
    });
    const user = userEvent.setup();
    const { router } = renderPage(
      { 'GET /api/orders': () => json([unpaid, paid, onTerms]) },
      '/dashboard/my-orders?show=to-pay',
    );
    const show = within(await screen.findByRole('group', { name: 'Show' }));
    expect(
      show.getAllByRole('button').map((b) => [b.textContent, b.getAttribute('aria-pressed')]),
    ).toEqual([
      ['All orders (3)', 'false'],
      ['To pay (1)', 'true'],
      ['On account (1)', 'false'],
    ]);
    // The heading still counts every order; the table holds the one to pay.
    expect(screen.getByRole('heading', { level: 1, name: 'My Orders: 3' })).toBeInTheDocument();
    expect(
      screen.getByRole('table', { name: 'Your orders to pay, newest first' }),
    ).toBeInTheDocument();
    expect(rows()).toHaveLength(1);
    expect(
      within(rows()[0]!).getByRole('link', { name: 'Pay for Ryzen 7 8-core CPU' }),
    ).toBeVisible();

    await user.click(show.getByRole('button', { name: 'On account (1)' }));
    expect(router.state.location.search).toBe('?show=on-account');
    expect(rows()).toHaveLength(1);
    expect(within(rows()[0]!).getByText('Anvil bench vise')).toBeInTheDocument();
    // Its index is its place in the whole list.
    expect(within(rows()[0]!).getAllByRole('cell')[0]).toHaveTextContent(/^(Order )?3$/);

    await user.click(show.getByRole('button', { name: 'All orders (3)' }));
    expect(router.state.location.search).toBe('');
    expect(rows()).toHaveLength(3);
  });

  it('says when no order is left to pay, and shows them all again', async () => {
    const user = userEvent.setup();
    renderPage({ 'GET /api/orders': () => json([paid]) }, '/dashboard/my-orders?show=to-pay');
    expect(await screen.findByText('No order waits to be paid.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    // A buyer with no order on account is not offered that view.
    expect(screen.queryByRole('button', { name: /On account/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show all orders' }));
    expect(rows()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'All orders (1)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});
