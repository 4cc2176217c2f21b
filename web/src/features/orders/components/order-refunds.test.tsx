import type { Order, OrderRefund } from '@partsmith/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmDialog } from '../../../lib/dialogs.ts';
import { apiError, json, sessionFor, type Routes } from '../../../test/mock-api.ts';
import { ORDER_ID, thermalPasteOrder, twoPartCheckout } from '../../../test/fixtures.ts';
import { renderOrderPage } from './order-page.fixtures.tsx';

vi.mock('../../../lib/dialogs.ts', () => ({
  showErrorDialog: vi.fn(async () => {}),
  confirmDialog: vi.fn(async () => true),
}));

const REFUND_ID = '0d1e2f30-4152-4637-8849-5a6b7c8d9e0f';

/** A paid checkout of 10 tubes of thermal paste and 2 power supplies. */
const paidCheckout = (more: Partial<Order> = {}) =>
  twoPartCheckout({
    paid: true,
    transactionId: 'pi_123',
    invoiceNumber: 'PS-2026-000042',
    ...more,
  });

const refund: OrderRefund = {
  _id: REFUND_ID,
  creditNoteNumber: 'CN-2026-000009',
  createdAt: '2025-03-05T09:00:00.000Z',
  lines: [
    { position: 1, sku: null, name: 'Anvil PSU 850 W', quantity: 1, price: 49.5, total: 49.5 },
  ],
  subtotal: 49.5,
  taxes: [{ name: 'Texas sales tax', rate: 8.25, amount: 4.08 }],
  tax: 4.08,
  amount: 53.58,
  restocked: true,
  reason: 'Returned unopened',
};

const admin = {
  'GET /api/auth/get-session': () =>
    json(sessionFor({ name: 'Owner', email: 'owner@example.com', role: 'admin' })),
};

const renderPage = (order: Order, routes: Routes = {}) => renderOrderPage(() => order, routes);

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(confirmDialog).mockClear();
});

describe('an order’s partial refunds', () => {
  it('shows the buyer each refund with its credit note, and no form', async () => {
    renderPage(paidCheckout({ refunded: 53.58 }), {
      [`GET /api/orders/${ORDER_ID}/refunds`]: () =>
        json({ refunds: [refund], refunded: 53.58, left: [] }),
    });
    const section = within(await screen.findByRole('region', { name: 'Refunds' }));
    expect(section.getByText('$53.58 of $174.00 refunded to the card it was paid with.'));
    const note = await section.findByRole('link', { name: 'Credit note CN-2026-000009 (PDF)' });
    expect(note).toHaveAttribute(
      'href',
      `/api/orders/${ORDER_ID}/refunds/${REFUND_ID}/credit-note.pdf`,
    );
    expect(section.getByText('1 × Anvil PSU 850 W')).toBeInTheDocument();
    expect(section.getByText('Returned unopened')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Refund part of this order' })).toBeNull();
  });

  it('lets an admin refund some units: checks them, confirms, posts and says what was refunded', async () => {
    const user = userEvent.setup();
    const left = [
      { position: 0, quantity: 10 },
      { position: 1, quantity: 2 },
    ];
    const { api } = renderPage(paidCheckout(), {
      ...admin,
      [`GET /api/orders/${ORDER_ID}/refunds`]: () => json({ refunds: [], refunded: 0, left }),
      [`POST /api/orders/${ORDER_ID}/refunds`]: () => json(refund, 201),
    });
    const form = within(await screen.findByRole('region', { name: 'Refund part of this order' }));
    await user.click(form.getByRole('button', { name: 'Choose parts to refund' }));
    // Nothing chosen and no reason: both said, nothing sent.
    await user.click(form.getByRole('button', { name: 'Refund $0.00 plus tax' }));
    expect(form.getByText('Choose how many units of a part to refund.')).toBeInTheDocument();
    expect(form.getByText('Give a reason for the refund')).toBeInTheDocument();
    // More than is left of the line.
    const psu = form.getByRole('spinbutton', { name: /Anvil PSU 850 W/ });
    await user.type(psu, '3');
    await user.type(form.getByRole('textbox', { name: /Reason/ }), 'Returned unopened');
    await user.click(form.getByRole('button', { name: 'Refund $148.50 plus tax' }));
    expect(form.getByText(/at most those left to refund/)).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/orders/${ORDER_ID}/refunds`)).toHaveLength(0);

    await user.clear(psu);
    await user.type(psu, '1');
    await user.click(form.getByRole('checkbox', { name: 'Put the refunded units back in stock' }));
    await user.click(form.getByRole('button', { name: 'Refund $49.50 plus tax' }));
    expect(confirmDialog).toHaveBeenCalledWith(
      expect.stringContaining('Refund $49.50 of parts, plus their sales tax'),
      'Yes, refund',
    );
    await waitFor(() =>
      expect(form.getByRole('status')).toHaveTextContent(
        "Refunded $53.58 to the buyer's card: credit note CN-2026-000009.",
      ),
    );
    expect(api.callsTo('POST', `/api/orders/${ORDER_ID}/refunds`)[0]?.body).toEqual({
      lines: [{ position: 1, quantity: 1 }],
      restock: false,
      reason: 'Returned unopened',
    });
  });

  it('shows the server’s refusal, and sends nothing when the admin does not confirm', async () => {
    const user = userEvent.setup();
    const { api } = renderPage(paidCheckout(), {
      ...admin,
      [`GET /api/orders/${ORDER_ID}/refunds`]: () =>
        json({
          refunds: [],
          refunded: 0,
          left: [
            { position: 0, quantity: 10 },
            { position: 1, quantity: 2 },
          ],
        }),
      [`POST /api/orders/${ORDER_ID}/refunds`]: () =>
        apiError(409, 'This order was refunded in full already.'),
    });
    const form = within(await screen.findByRole('region', { name: 'Refund part of this order' }));
    await user.click(form.getByRole('button', { name: 'Choose parts to refund' }));
    await user.type(form.getByRole('spinbutton', { name: /Thermal paste/ }), '2');
    await user.type(form.getByRole('textbox', { name: /Reason/ }), 'Damaged');
    vi.mocked(confirmDialog).mockResolvedValueOnce(false);
    await user.click(form.getByRole('button', { name: 'Refund $15.00 plus tax' }));
    expect(api.callsTo('POST', `/api/orders/${ORDER_ID}/refunds`)).toHaveLength(0);
    await user.click(form.getByRole('button', { name: 'Refund $15.00 plus tax' }));
    expect(await form.findByRole('alert')).toHaveTextContent(
      'This order was refunded in full already.',
    );
  });

  it('offers no refund form on an unpaid order, one refunded in full, or one with nothing left', async () => {
    const { api } = renderPage(thermalPasteOrder({}), admin);
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(api.callsTo('GET', '/api/auth/get-session')).toHaveLength(1));
    expect(api.callsTo('GET', `/api/orders/${ORDER_ID}/refunds`)).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Refund part of this order' })).toBeNull();
  });
});
