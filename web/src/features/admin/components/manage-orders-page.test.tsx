import type { Order } from '@partsmith/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmDialog, formDialog, showErrorDialog } from '../../../lib/dialogs.ts';
import { apiError, json } from '../../../test/mock-api.ts';
import {
  DELETE_ITEM_TEXT,
  DELETED,
  REFUND_FAILED,
  REFUNDED,
  SHIP_FAILED,
  SHIPPED,
} from './admin-messages.ts';
import { listOf, mockAdminApi, renderAdminPage } from './admin-test-utils.tsx';
import { ManageOrdersPage } from './manage-orders-page.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('../../../lib/dialogs.ts', () => ({
  showErrorDialog: vi.fn(async () => {}),
  confirmDialog: vi.fn(async () => true),
  // The ship dialog's fields left empty (the carrier and tracking number are optional).
  formDialog: vi.fn(async () => ({ carrier: '', trackingNumber: '' })),
}));

function order(n: number, name: string, overrides: Partial<Order> = {}): Order {
  return {
    _id: `20000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    number: `PS-O-${String(n).padStart(6, '0')}`,
    partId: '5f1c9a7e-2b4d-4c8e-9f10-1a2b3c4d5e6f',
    name,
    image: `/images/parts/part-${n}.svg`,
    description: 'A part.',
    price: 289.5,
    quantity: 6,
    total: 1737,
    userEmail: 'jane@example.com',
    userName: 'Jane Doe',
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

const unpaid = order(1, 'Ryzen 7 CPU');
const pending = order(2, 'Forge DDR5 kit', {
  paid: true,
  transactionId: 'pi_123',
  quantity: 10,
  total: 1199.9,
});
const shipped = order(3, 'Anvil PSU 850 W', {
  paid: true,
  transactionId: 'pi_456',
  status: 'shipped',
});
const older = order(4, 'Torque screwdriver set');
const CURSOR = '57';

const PATH = '/api/admin/orders';

function renderPage(url = '/dashboard/manage-orders') {
  return renderAdminPage(<ManageOrdersPage />, url);
}

const rowOf = (name: string) =>
  within(
    within(screen.getByRole('table'))
      .getAllByRole('row')
      .find((row) => row.textContent?.includes(name))!,
  );

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(formDialog).mockClear();
  vi.mocked(confirmDialog).mockClear();
  vi.mocked(showErrorDialog).mockClear();
  vi.mocked(toast.success).mockClear();
});

describe('ManageOrdersPage', () => {
  it('shows the total, each status, delete for unpaid only, and turns pages by cursor', async () => {
    const expired = order(6, 'Old cooler', { expired: true });
    const api = mockAdminApi({
      [`GET ${PATH}`]: ({ query }) =>
        query.get('cursor') === CURSOR
          ? listOf([older], 5)
          : listOf([unpaid, pending, shipped, expired], 5, CURSOR),
    });
    const { router } = renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'All Orders: 5' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Manage Orders | Partsmith');
    expect(api.queries('GET', PATH)).toEqual(['?limit=25']);
    expect(screen.getByRole('table', { name: 'All orders, newest first' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1–4 of 5 orders.')).toBeInTheDocument();

    const open = rowOf('Ryzen 7 CPU');
    expect(open.getByText('Unpaid')).toBeInTheDocument();
    expect(open.queryByText('Expired')).toBeNull();
    expect(open.getByText('jane@example.com')).toBeInTheDocument();
    expect(open.getByText('6')).toBeInTheDocument();
    expect(open.getByText('$1,737.00')).toBeInTheDocument();
    expect(open.queryByRole('button', { name: /Pending|ship/i })).toBeNull();
    expect(
      open.getByRole('button', { name: 'Delete: order of Ryzen 7 CPU for jane@example.com' }),
    ).toBeInTheDocument();
    expect(rowOf('Old cooler').getByText('Expired')).toBeInTheDocument();

    const paid = rowOf('Forge DDR5 kit');
    expect(
      paid.getByRole('button', { name: 'Pending: ship Forge DDR5 kit to jane@example.com' }),
    ).toBeInTheDocument();
    expect(paid.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(paid.queryByText('Unpaid')).toBeNull();

    const done = rowOf('Anvil PSU 850 W');
    expect(done.getByText('Shipped')).toBeInTheDocument();
    expect(done.queryByRole('button', { name: /Pending|Delete/ })).toBeNull();
    // A paid order, shipped or not, can be refunded; an unpaid one cannot.
    expect(
      done.getByRole('button', { name: 'Refund: order of Anvil PSU 850 W for jane@example.com' }),
    ).toBeInTheDocument();
    expect(open.queryByRole('button', { name: /Refund/ })).toBeNull();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Torque screwdriver set')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?cursor=${CURSOR}`);
    expect(api.queries('GET', PATH)).toEqual(['?limit=25', `?limit=25&cursor=${CURSOR}`]);
    expect(screen.getByText('Page 2: Showing 26–26 of 26 orders.')).toHaveFocus();
  });

  it('ships a paid order from Pending', async () => {
    const api = mockAdminApi({
      [`GET ${PATH}`]: () => listOf([unpaid, pending], 2),
      [`PUT /api/changeStatus/${pending._id}`]: () =>
        json({ acknowledged: true, modifiedCount: 1 }),
    });
    renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: /^Pending/ }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(SHIPPED, {
        description: 'Forge DDR5 kit for jane@example.com',
      }),
    );
    // Nothing entered in the dialog: no body, as before the carrier and tracking number.
    expect(api.callsTo('PUT', `/api/changeStatus/${pending._id}`)).toEqual([
      { method: 'PUT', path: `/api/changeStatus/${pending._id}`, body: undefined },
    ]);
    const row = rowOf('Forge DDR5 kit');
    expect(row.getByText('Shipped')).toBeInTheDocument();
    expect(row.queryByRole('button', { name: /Pending/ })).toBeNull();
    await waitFor(() => expect(row.getByText('Shipped')).toHaveFocus());
  });

  it('shows the failure dialog when shipping is refused (403)', async () => {
    mockAdminApi({
      [`GET ${PATH}`]: () => listOf([pending], 1),
      [`PUT /api/changeStatus/${pending._id}`]: () => apiError(403, 'Forbidden'),
    });
    renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: /^Pending/ }));
    await waitFor(() => expect(showErrorDialog).toHaveBeenCalledWith(SHIP_FAILED));
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('explains a 409 under the failure title', async () => {
    mockAdminApi({
      [`GET ${PATH}`]: () => listOf([pending], 1),
      [`PUT /api/changeStatus/${pending._id}`]: () =>
        apiError(409, 'Only a paid order can be shipped.'),
    });
    renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: /^Pending/ }));
    await waitFor(() =>
      expect(showErrorDialog).toHaveBeenCalledWith(
        'Only a paid order can be shipped.',
        SHIP_FAILED,
      ),
    );
  });

  it('deletes an unpaid order after the confirmation and reloads', async () => {
    let orders = [unpaid, pending];
    const api = mockAdminApi({
      [`GET ${PATH}`]: () => listOf(orders, orders.length),
      [`DELETE /api/orders/${unpaid._id}`]: () => {
        orders = [pending];
        return json({ acknowledged: true, deletedCount: 1 });
      },
    });
    const { client } = renderPage();
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: /^Delete: order of Ryzen 7 CPU/ }));
    expect(confirmDialog).toHaveBeenCalledWith(DELETE_ITEM_TEXT);
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(DELETED, {
        description: 'Ryzen 7 CPU for jane@example.com',
      }),
    );
    expect(api.callsTo('DELETE', `/api/orders/${unpaid._id}`)).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'All Orders: 1' })).toHaveFocus();
    await waitFor(() => expect(api.callsTo('GET', PATH)).toHaveLength(2));
    expect(screen.queryByText('Ryzen 7 CPU')).toBeNull();
    // Its quantity went back in stock: the catalogue is reloaded.
    expect(client.getQueryState(['allParts', { q: '' }])?.isInvalidated).toBe(true);
  });

  it("shows a 409's message when the order was paid meanwhile", async () => {
    mockAdminApi({
      [`GET ${PATH}`]: () => listOf([unpaid], 1),
      [`DELETE /api/orders/${unpaid._id}`]: () => apiError(409, 'A paid order cannot be deleted.'),
    });
    renderPage();
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: /^Delete: order of Ryzen 7 CPU/ }));
    await waitFor(() =>
      expect(showErrorDialog).toHaveBeenCalledWith('A paid order cannot be deleted.'),
    );
    expect(toast.success).not.toHaveBeenCalled();
  });

  describe('the ship dialog', () => {
    it('asks for the carrier and tracking number and sends them with the shipment', async () => {
      vi.mocked(formDialog).mockResolvedValueOnce({
        carrier: 'UPS',
        trackingNumber: '1Z 999 AA1-0123',
      });
      const api = mockAdminApi({
        [`GET ${PATH}`]: () => listOf([pending], 1),
        [`PUT /api/changeStatus/${pending._id}`]: () =>
          json({ acknowledged: true, modifiedCount: 1 }),
      });
      renderPage();
      await userEvent.setup().click(await screen.findByRole('button', { name: /^Pending/ }));

      await waitFor(() => expect(toast.success).toHaveBeenCalled());
      expect(api.callsTo('PUT', `/api/changeStatus/${pending._id}`).map((c) => c.body)).toEqual([
        { carrier: 'UPS', trackingNumber: '1Z 999 AA1-0123' },
      ]);
      const [[dialog]] = vi.mocked(formDialog).mock.calls as unknown as [
        [{ title: string; fields: { name: string; label: string }[]; confirmButtonText: string }],
      ];
      expect(dialog.title).toBe('Ship this order?');
      expect(dialog.fields.map((f) => [f.name, f.label])).toEqual([
        ['carrier', 'Carrier (optional)'],
        ['trackingNumber', 'Tracking number (optional)'],
      ]);
      expect(dialog.confirmButtonText).toBe('Ship it');
    });

    it("checks the fields with the contract's ShipBody before the dialog closes", async () => {
      mockAdminApi({ [`GET ${PATH}`]: () => listOf([pending], 1) });
      vi.mocked(formDialog).mockResolvedValueOnce(null);
      renderPage();
      await userEvent.setup().click(await screen.findByRole('button', { name: /^Pending/ }));
      await waitFor(() => expect(formDialog).toHaveBeenCalled());
      const check = vi.mocked(formDialog).mock.calls[0]![0].check!;
      expect(check({ carrier: 'DHL', trackingNumber: 'JD01 4600-0012' })).toBeNull();
      expect(check({ carrier: '', trackingNumber: '' })).toBeNull();
      expect(check({ carrier: '', trackingNumber: 'ab#12' })).toBe(
        'A tracking number has only letters, digits, spaces and dashes',
      );
    });

    it('ships nothing when the dialog is cancelled', async () => {
      vi.mocked(formDialog).mockResolvedValueOnce(null);
      const api = mockAdminApi({ [`GET ${PATH}`]: () => listOf([pending], 1) });
      renderPage();
      await userEvent.setup().click(await screen.findByRole('button', { name: /^Pending/ }));
      await waitFor(() => expect(formDialog).toHaveBeenCalled());
      expect(api.callsTo('PUT', `/api/changeStatus/${pending._id}`)).toHaveLength(0);
      expect(screen.getByRole('button', { name: /^Pending/ })).toBeInTheDocument();
    });
  });

  describe('Refund', () => {
    it('asks why, refunds the paid order and shows it refunded', async () => {
      vi.mocked(formDialog).mockResolvedValueOnce({ reason: 'Arrived damaged' });
      const api = mockAdminApi({
        [`GET ${PATH}`]: () => listOf([shipped], 1),
        [`POST /api/orders/${shipped._id}/refund`]: () =>
          json({ acknowledged: true, modifiedCount: 1 }),
      });
      renderPage();
      await userEvent.setup().click(await screen.findByRole('button', { name: /^Refund/ }));

      await waitFor(() =>
        expect(toast.success).toHaveBeenCalledWith(REFUNDED, {
          description: 'Anvil PSU 850 W for jane@example.com',
        }),
      );
      expect(api.callsTo('POST', `/api/orders/${shipped._id}/refund`).map((c) => c.body)).toEqual([
        { reason: 'Arrived damaged' },
      ]);
      const row = rowOf('Anvil PSU 850 W');
      expect(row.getByText('Refunded')).toBeInTheDocument();
      expect(row.queryByRole('button', { name: /Refund/ })).toBeNull();
      const check = vi.mocked(formDialog).mock.calls[0]![0].check!;
      expect(check({ reason: 'no' })).toBe('Give a reason for the refund');
    });

    it('ships an order on terms before it is paid, and cancels it by crediting its invoice', async () => {
      const onTerms = order(5, 'Bench vise', {
        paid: false,
        paymentMethod: 'invoice',
        invoiceNumber: 'PS-2026-000077',
        dueDate: '2026-12-30',
        poNumber: 'PO-4711',
      });
      vi.mocked(formDialog).mockResolvedValueOnce({ reason: 'Ordered twice' });
      const api = mockAdminApi({
        [`GET ${PATH}`]: () => listOf([onTerms], 1),
        [`POST /api/orders/${onTerms._id}/refund`]: () =>
          json({ acknowledged: true, modifiedCount: 1 }),
      });
      renderPage();
      await screen.findByText('PO PO-4711');
      const row = rowOf('Bench vise');
      expect(row.getByText('On account, due Dec 30, 2026')).toBeInTheDocument();
      expect(row.getByRole('button', { name: /^Pending/ })).toBeInTheDocument();
      expect(row.queryByText('Unpaid')).toBeNull();
      expect(row.queryByRole('button', { name: /^Delete/ })).toBeNull();

      await userEvent.setup().click(row.getByRole('button', { name: /^Credit invoice/ }));
      const asked = vi.mocked(formDialog).mock.calls[0]![0];
      expect(asked.title).toBe('Cancel this order and credit its invoice?');
      expect(asked.confirmButtonText).toBe('Credit the invoice');
      await waitFor(() =>
        expect(api.callsTo('POST', `/api/orders/${onTerms._id}/refund`).map((c) => c.body)).toEqual(
          [{ reason: 'Ordered twice' }],
        ),
      );
    });

    it("shows the server's refusal under the failure title", async () => {
      vi.mocked(formDialog).mockResolvedValueOnce({ reason: 'Customer changed their mind' });
      mockAdminApi({
        [`GET ${PATH}`]: () => listOf([pending], 1),
        [`POST /api/orders/${pending._id}/refund`]: () =>
          apiError(409, 'This order is refunded already.'),
      });
      renderPage();
      await userEvent.setup().click(await screen.findByRole('button', { name: /^Refund/ }));
      await waitFor(() =>
        expect(showErrorDialog).toHaveBeenCalledWith(
          'This order is refunded already.',
          REFUND_FAILED,
        ),
      );
      expect(toast.success).not.toHaveBeenCalled();
    });
  });

  it("shows a checkout's parts, the way to its page and its invoice", async () => {
    const checkout = order(5, 'Ryzen 7 CPU and 2 more', {
      paid: true,
      transactionId: 'pi_789',
      invoiceNumber: 'PS-2026-000042',
      lines: [
        {
          partId: null,
          sku: 'PS-CPU-000001',
          name: 'Ryzen 7 CPU',
          image: '/a.svg',
          price: 289.5,
          quantity: 2,
          total: 579,
        },
        { partId: null, name: 'DDR5 kit', image: '/b.svg', price: 120, quantity: 4, total: 480 },
        { partId: null, name: 'PSU', image: '/c.svg', price: 99, quantity: 1, total: 99 },
      ],
    });
    mockAdminApi({ [`GET ${PATH}`]: () => listOf([checkout, unpaid], 2) });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'All Orders: 2' });
    const row = rowOf('Ryzen 7 CPU and 2 more');
    expect(row.getByText('PS-O-000005')).toBeInTheDocument();
    // Each part with its part number (when it has one), quantity and unit price; no summed quantity.
    const parts = within(row.getByRole('list', { name: 'Parts of order PS-O-000005' }));
    expect(parts.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Ryzen 7 CPU' + 'Part no. PS-CPU-000001' + '2 × $289.50Quantity 2, $289.50 each',
      'DDR5 kit' + '4 × $120.00Quantity 4, $120.00 each',
      'PSU' + '1 × $99.00Quantity 1, $99.00 each',
    ]);
    expect(row.getByText('Per part')).toBeInTheDocument();
    expect(
      row.getByRole('link', {
        name: 'Details: order of Ryzen 7 CPU and 2 more for jane@example.com',
      }),
    ).toHaveAttribute('href', `/dashboard/orders/${checkout._id}`);
    const invoice = row.getByRole('link', { name: 'Invoice PS-2026-000042' });
    expect(invoice).toHaveAttribute('href', `/api/orders/${checkout._id}/invoice.pdf`);
    expect(invoice).toHaveAttribute('download', 'PS-2026-000042.pdf');
    // A one-part order has its Details link, and no invoice before it is paid.
    const one = rowOf('Ryzen 7 CPU for');
    expect(one.queryByRole('link', { name: /Invoice/ })).toBeNull();
  });

  it('filters by status, payment and the days placed, all kept in the address', async () => {
    const api = mockAdminApi({
      [`GET ${PATH}`]: ({ query }) => {
        if (query.get('limit') === '1') return listOf([unpaid], 40, 'x');
        if (query.get('status') === 'shipped') return listOf([shipped], 1);
        return listOf([unpaid, pending], 2);
      },
    });
    const { router } = renderPage('/dashboard/manage-orders?paid=true&from=2025-03-01');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'All Orders: 40' }),
    ).toBeInTheDocument();
    expect(api.queries('GET', PATH)).toEqual(['?limit=25&paid=true&from=2025-03-01', '?limit=1']);
    expect(screen.getByLabelText('Payment')).toHaveValue('true');
    expect(screen.getByLabelText('Placed from')).toHaveValue('2025-03-01');
    expect(screen.getByLabelText('Placed until')).toHaveAttribute('min', '2025-03-01');
    expect(await screen.findByText('2 orders match the filters. Showing 1–2 of 2.')).toBeVisible();

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Status'), 'Shipped');
    await waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2),
    );
    expect(rowOf('Anvil PSU 850 W').getByText('Shipped')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('shipped');
    expect(api.queries('GET', PATH)).toContain(
      '?limit=25&status=shipped&paid=true&from=2025-03-01',
    );

    const until = screen.getByLabelText('Placed until');
    await user.type(until, '2025-03-31');
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('to')).toBe('2025-03-31'),
    );
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Total, highest first');
    expect(
      await screen.findByRole('table', {
        name: 'Orders that match the search and filters, total, highest first',
      }),
    ).toBeInTheDocument();
    expect(api.queries('GET', PATH).at(-1)).toBe(
      '?limit=25&status=shipped&paid=true&from=2025-03-01&to=2025-03-31&sort=total-desc',
    );
    // The heading still counts every order.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('All Orders: 40');

    await act(() => router.navigate(-1));
    expect(screen.getByLabelText('Sort by')).toHaveValue('newest');
    expect(screen.getByLabelText('Placed until')).toHaveValue('2025-03-31');
  });

  it('finds an order by its number, and says when none matches, with Clear filters', async () => {
    const api = mockAdminApi({
      [`GET ${PATH}`]: ({ query }) => {
        const q = query.get('q');
        if (!q || query.get('limit') === '1') return listOf([unpaid, pending, shipped], 3);
        return q === 'PS-O-000002' ? listOf([pending], 1) : listOf([], 0);
      },
    });
    const { router } = renderPage();
    await screen.findByRole('heading', { level: 1, name: 'All Orders: 3' });
    const user = userEvent.setup();
    const box = screen.getByRole('searchbox', { name: 'Search all orders' });
    await user.type(box, 'PS-O-000002{Enter}');
    expect(
      await screen.findByText('1 order matches “PS-O-000002”. Showing 1–1 of 1.'),
    ).toBeVisible();
    expect(router.state.location.search).toBe('?q=PS-O-000002');
    expect(api.queries('GET', PATH)).toContain('?limit=25&q=PS-O-000002');
    const found = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(found).toHaveLength(1);
    expect(found[0]).toHaveTextContent('Forge DDR5 kit');
    // The heading still counts every order.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('All Orders: 3');

    await user.clear(box);
    await user.type(box, 'nothing{Enter}');
    expect(
      await screen.findByText('No orders match “nothing”.', { selector: 'p' }),
    ).toBeInTheDocument();
    expect(screen.getByText('0 orders match “nothing”.')).toHaveAttribute('aria-live', 'polite');
    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    expect(clear).toHaveLength(2);
    await user.click(clear[1]!);
    expect(router.state.location.search).toBe('');
    expect(await screen.findAllByRole('row')).toHaveLength(4);
    expect(box).toHaveValue('');
  });

  it('says so when there are no orders yet, and retries a failed load', async () => {
    let fail = true;
    mockAdminApi({
      [`GET ${PATH}`]: () => (fail ? apiError(500, 'boom') : listOf([], 0)),
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the orders.');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No orders yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('All Orders: 0');
  });
});
