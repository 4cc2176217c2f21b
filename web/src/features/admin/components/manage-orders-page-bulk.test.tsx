import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formDialog } from '../../../lib/dialogs.ts';
import { apiError, json } from '../../../test/mock-api.ts';
import { listOf, mockAdminApi } from './admin-test-utils.tsx';
import {
  order,
  ordersFile,
  PATH,
  recordDownloads,
  pending,
  renderPage,
  rowOf,
  shipped,
  unpaid,
} from './manage-orders-page.fixtures.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), info: vi.fn(), error: vi.fn() } }));
vi.mock('../../../lib/dialogs.ts', () => ({
  showErrorDialog: vi.fn(async () => {}),
  confirmDialog: vi.fn(async () => true),
  formDialog: vi.fn(async () => ({ carrier: 'UPS' })),
}));

const onAccount = order(5, 'Bench vise', {
  paymentMethod: 'invoice',
  invoiceNumber: 'PS-2026-000050',
});
const refunded = order(6, 'Old cooler', {
  paid: true,
  transactionId: 'pi_9',
  refundedAt: '2026-11-30T10:00:00.000Z',
});
const ORDERS = [unpaid, pending, shipped, onAccount, refunded];

let clicked: HTMLAnchorElement[];
beforeEach(() => {
  clicked = recordDownloads();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(formDialog).mockClear();
  vi.mocked(toast.success).mockClear();
});

const bulk = () =>
  within(screen.getByRole('region', { name: 'Print or ship the selected orders' }));
describe('ManageOrdersPage: the selected orders', () => {
  it('selects only the orders to ship, one by one or all on the page', async () => {
    mockAdminApi({ [`GET ${PATH}`]: () => listOf(ORDERS, 5) });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'All Orders: 5' });
    const user = userEvent.setup();
    // Paid or on account, and neither shipped nor refunded: those two have a box.
    for (const name of ['Ryzen 7 CPU', 'Anvil PSU 850 W', 'Old cooler'])
      expect(rowOf(name).queryByRole('checkbox')).toBeNull();
    const all = bulk().getByRole('checkbox', { name: 'Select all 2 orders to ship on this page' });
    expect(bulk().getByText('None selected')).toBeInTheDocument();

    await user.click(
      rowOf('Bench vise').getByRole('checkbox', { name: 'Select order PS-O-000005' }),
    );
    expect(bulk().getByText('1 selected')).toBeInTheDocument();
    expect(all).not.toBeChecked();
    expect(all).toHaveProperty('indeterminate', true);
    await user.click(all);
    expect(bulk().getByText('2 selected')).toBeInTheDocument();
    expect(rowOf('Forge DDR5 kit').getByRole('checkbox')).toBeChecked();
    await user.click(all);
    expect(bulk().getByText('None selected')).toBeInTheDocument();
  });

  it("prints the selected orders' pick list and packing slips, and says when none is selected", async () => {
    const api = mockAdminApi({
      [`GET ${PATH}`]: () => listOf(ORDERS, 5),
      'GET /api/admin/orders/pick-list.pdf': () => ordersFile(2, 'pick-list'),
      'GET /api/admin/orders/packing-slips.pdf': () =>
        apiError(409, 'PS-O-000005: This order was refunded: there is nothing to pack.'),
    });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'All Orders: 5' });
    const user = userEvent.setup();
    const pickList = bulk().getByRole('button', { name: 'Pick list for the selected orders' });
    await user.click(pickList);
    expect(await bulk().findByRole('alert')).toHaveTextContent('Select the orders first.');
    expect(api.queries('GET', '/api/admin/orders/pick-list.pdf')).toEqual([]);

    await user.click(
      bulk().getByRole('checkbox', { name: 'Select all 2 orders to ship on this page' }),
    );
    await user.click(pickList);
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Pick list for 2 orders downloaded', {
        description: 'The selected orders, the longest waiting first.',
      }),
    );
    expect(api.queries('GET', '/api/admin/orders/pick-list.pdf')).toEqual([
      `?ids=${encodeURIComponent(`${pending._id},${onAccount._id}`)}`,
    ]);
    expect(clicked.map((link) => link.download)).toEqual(['pick-list-2026-12-02.pdf']);

    await user.click(bulk().getByRole('button', { name: 'Packing slips for the selected orders' }));
    expect(await bulk().findByRole('alert')).toHaveTextContent(
      'No file was made: PS-O-000005: This order was refunded: there is nothing to pack.',
    );
    expect(clicked).toHaveLength(1);
  });

  it('ships the selected orders with their carrier, then clears the selection', async () => {
    let answer = () =>
      apiError(409, 'PS-O-000005: Only a paid order, or one invoiced on terms, can be shipped.');
    const api = mockAdminApi({
      [`GET ${PATH}`]: () => listOf(ORDERS, 5),
      'POST /api/admin/orders/ship': () => answer(),
    });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'All Orders: 5' });
    const user = userEvent.setup();
    await user.click(rowOf('Forge DDR5 kit').getByRole('checkbox'));
    await user.click(rowOf('Bench vise').getByRole('checkbox'));
    const ship = bulk().getByRole('button', { name: 'Mark shipped for the selected orders' });
    await user.click(ship);
    expect(await bulk().findByRole('alert')).toHaveTextContent(
      'Nothing was shipped: PS-O-000005: Only a paid order, or one invoiced on terms, can be shipped.',
    );
    const [[dialog]] = vi.mocked(formDialog).mock.calls as unknown as [
      [{ title: string; confirmButtonText: string; check: (v: object) => string | null }],
    ];
    expect(dialog.title).toBe('Ship the 2 selected orders?');
    expect(dialog.confirmButtonText).toBe('Ship 2 orders');
    expect(dialog.check({ carrier: 'x'.repeat(61) })).toBe('Keep the carrier under 60 characters');
    expect(bulk().getByText('2 selected')).toBeInTheDocument();

    answer = () => json({ shipped: 1, alreadyShipped: 1 });
    await user.click(ship);
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Shipped 1 order', {
        description: 'Each buyer gets the shipping mail. 1 order had been shipped already.',
      }),
    );
    expect(api.callsTo('POST', '/api/admin/orders/ship').at(-1)).toEqual({
      method: 'POST',
      path: '/api/admin/orders/ship',
      body: { ids: [pending._id, onAccount._id], carrier: 'UPS' },
    });
    expect(bulk().getByText('None selected')).toBeInTheDocument();

    // Cancelled: nothing is sent.
    vi.mocked(formDialog).mockResolvedValueOnce(null);
    await user.click(rowOf('Forge DDR5 kit').getByRole('checkbox'));
    await user.click(ship);
    await waitFor(() => expect(formDialog).toHaveBeenCalledTimes(3));
    expect(api.callsTo('POST', '/api/admin/orders/ship')).toHaveLength(2);
  });
});
