import { screen, waitFor } from '@testing-library/react';
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
import { listOf, mockAdminApi } from './admin-test-utils.tsx';
import {
  order,
  PATH,
  pending,
  renderPage,
  rowOf,
  shipped,
  unpaid,
} from './manage-orders-page.fixtures.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('../../../lib/dialogs.ts', () => ({
  showErrorDialog: vi.fn(async () => {}),
  confirmDialog: vi.fn(async () => true),
  // The ship dialog's fields left empty (the carrier and tracking number are optional).
  formDialog: vi.fn(async () => ({ carrier: '', trackingNumber: '' })),
}));

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(formDialog).mockClear();
  vi.mocked(confirmDialog).mockClear();
  vi.mocked(showErrorDialog).mockClear();
  vi.mocked(toast.success).mockClear();
});

describe('ManageOrdersPage', () => {
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
});
