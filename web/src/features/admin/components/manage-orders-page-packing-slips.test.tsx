import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError } from '../../../test/mock-api.ts';
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

const SLIPS = '/api/admin/orders/packing-slips.pdf';
const BUTTON = 'Packing slips for the orders waiting to be shipped (PDF)';
const PICKS = '/api/admin/orders/pick-list.pdf';
const PICK_BUTTON = 'Pick list for the orders waiting to be shipped (PDF)';

let clicked: HTMLAnchorElement[];
beforeEach(() => {
  clicked = recordDownloads();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.info).mockClear();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('ManageOrdersPage: packing slips', () => {
  it('links each order there is something to pack for to its slip, opened in a new tab', async () => {
    const onAccount = order(5, 'Bench vise', {
      paymentMethod: 'invoice',
      invoiceNumber: 'PS-2026-000050',
    });
    const refunded = order(6, 'Old cooler', {
      paid: true,
      transactionId: 'pi_9',
      refundedAt: '2026-11-30T10:00:00.000Z',
    });
    mockAdminApi({
      [`GET ${PATH}`]: () => listOf([unpaid, pending, shipped, onAccount, refunded], 5),
    });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'All Orders: 5' });

    for (const [name, number, id] of [
      ['Forge DDR5 kit', 'PS-O-000002', pending._id],
      // Shipped: printed again for a parcel gone astray.
      ['Anvil PSU 850 W', 'PS-O-000003', shipped._id],
      // On a company's account: shipped before it is paid.
      ['Bench vise', 'PS-O-000005', onAccount._id],
    ] as const) {
      const link = rowOf(name).getByRole('link', {
        name: `Packing slip: order ${number} (opens in a new tab)`,
      });
      expect(link).toHaveAttribute('href', `/api/orders/${id}/packing-slip.pdf`);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener');
    }
    // Nothing to pack before it is paid, or once refunded.
    expect(rowOf('Ryzen 7 CPU').queryByRole('link', { name: /Packing slip/ })).toBeNull();
    expect(rowOf('Old cooler').queryByRole('link', { name: /Packing slip/ })).toBeNull();
  });

  it('downloads the slips of every order waiting to be shipped in one file, and says how many', async () => {
    const api = mockAdminApi({
      [`GET ${PATH}`]: () => listOf([pending], 1),
      [`GET ${SLIPS}`]: () => ordersFile(3),
    });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'All Orders: 1' });
    await userEvent.setup().click(screen.getByRole('button', { name: BUTTON }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Packing slips for 3 orders downloaded', {
        description: 'The longest waiting first. Open the file to print them.',
      }),
    );
    expect(api.queries('GET', SLIPS)).toEqual(['']);
    expect(clicked).toHaveLength(1);
    expect(clicked[0]).toHaveAttribute('href', 'blob:http://localhost/slips');
    expect(clicked[0]).toHaveAttribute('download', 'packing-slips-2026-12-02.pdf');
    // The link was only the browser's way to the file: it is not left in the page.
    expect(document.querySelector('a[download="packing-slips-2026-12-02.pdf"]')).toBeNull();
  });

  it('says so when no order waits, and that a file holds the 100 longest waiting', async () => {
    let answer = () => apiError(404, 'No order is waiting to be shipped.');
    mockAdminApi({
      [`GET ${PATH}`]: () => listOf([shipped], 1),
      [`GET ${SLIPS}`]: () => answer(),
    });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'All Orders: 1' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: BUTTON }));
    await waitFor(() =>
      expect(toast.info).toHaveBeenCalledWith('No order is waiting to be shipped.'),
    );
    expect(clicked).toEqual([]);

    answer = () => ordersFile(100);
    await user.click(screen.getByRole('button', { name: BUTTON }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Packing slips for 100 orders downloaded', {
        description: 'A file holds the 100 longest waiting: ship them, then download the rest.',
      }),
    );
  });
  it('downloads the pick list of the same orders, and says what it is for', async () => {
    let answer = () => ordersFile(4, 'pick-list');
    const api = mockAdminApi({
      [`GET ${PATH}`]: () => listOf([pending], 1),
      [`GET ${PICKS}`]: () => answer(),
    });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'All Orders: 1' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: PICK_BUTTON }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Pick list for 4 orders downloaded', {
        description: 'One row per part with its quantity, to take from the shelves before packing.',
      }),
    );
    expect(api.queries('GET', PICKS)).toEqual(['']);
    expect(api.queries('GET', SLIPS)).toEqual([]);
    expect(clicked.map((link) => link.getAttribute('download'))).toEqual([
      'pick-list-2026-12-02.pdf',
    ]);

    answer = () => apiError(404, 'No order is waiting to be shipped.');
    await user.click(screen.getByRole('button', { name: PICK_BUTTON }));
    await waitFor(() =>
      expect(toast.info).toHaveBeenCalledWith('No order is waiting to be shipped.'),
    );
    expect(clicked).toHaveLength(1);
  });
});
