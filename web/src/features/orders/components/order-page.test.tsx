import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Order } from '@partsmith/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showErrorDialog } from '../../../lib/dialogs.ts';
import { apiError, json, mockApi, sessionFor, type Routes } from '../../../test/mock-api.ts';
import {
  jane,
  ORDER_ID,
  PART_ID,
  PSU_ID,
  thermalPasteOrder,
  twoPartCheckout,
} from '../../../test/fixtures.ts';
import { OrderPage } from './order-page.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('../../../lib/dialogs.ts', () => ({ showErrorDialog: vi.fn(async () => {}) }));

const shown = (at: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(at),
  );

/** A checkout of two parts, paid and shipped with a carrier and tracking number. */
const shippedCheckout = twoPartCheckout({
  paid: true,
  transactionId: 'pi_123',
  status: 'shipped',
  paidAt: '2025-03-02T11:00:00.000Z',
  shippedAt: '2025-03-03T09:15:00.000Z',
  carrier: 'UPS',
  trackingNumber: '1Z999AA10123456784',
  invoiceNumber: 'PS-2026-000042',
});

function renderPage(order: Order | Response, routes: Routes = {}) {
  const api = mockApi({
    [`GET /api/purchase/${ORDER_ID}`]: () => (order instanceof Response ? order : json(order)),
    ...routes,
  });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: '/dashboard/orders/:id', element: <OrderPage /> },
      { path: '/cart', element: <h1>Your cart</h1> },
    ],
    { initialEntries: [`/dashboard/orders/${ORDER_ID}`] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { api };
}

/** The rows of the order's money (Subtotal ... Total): each one's text. */
const moneyRows = () =>
  [...screen.getByRole('region', { name: 'Order total' }).querySelectorAll('dl > div')].map(
    (row) => row.textContent,
  );

/** The timeline's steps: each one's text. */
const steps = () =>
  within(screen.getByRole('region', { name: 'Timeline' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(toast.success).mockClear();
  vi.mocked(showErrorDialog).mockClear();
});

describe('OrderPage', () => {
  it('shows the lines, the total, where it ships and its timeline with the shipment', async () => {
    renderPage(shippedCheckout);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the order');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thermal paste and 1 more' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(document.title).toBe('Order PS-O-000042 of Thermal paste and 1 more | Partsmith'),
    );
    expect(screen.getByText('PS-O-000042')).toBeInTheDocument();

    const rows = within(screen.getByRole('table', { name: 'The parts of this order' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row));
    expect(rows).toHaveLength(2);
    expect(rows[0]!.getByRole('link', { name: 'Thermal paste' })).toHaveAttribute(
      'href',
      `/purchase/${PART_ID}`,
    );
    expect(rows[0]!.getByText('PS-TOO-000007')).toBeInTheDocument();
    // A line older than part numbers shows none.
    expect(rows[1]!.queryByText(/Part no\./)).toBeNull();
    expect(rows[0]!.getByText('10')).toBeInTheDocument();
    expect(rows[0]!.getByText('$7.50')).toBeInTheDocument();
    expect(rows[0]!.getByText('$75.00')).toBeInTheDocument();
    expect(rows[1]!.getByRole('link', { name: 'Anvil PSU 850 W' })).toBeInTheDocument();
    expect(rows[1]!.getByText('$99.00')).toBeInTheDocument();
    // An order without shipping or tax (older, or of the purchase page): no shipping row.
    expect(moneyRows()).toEqual(['Subtotal$174.00', 'Total paid$174.00']);

    const shipTo = within(screen.getByRole('region', { name: 'Ship to' }));
    expect(shipTo.getByText('12 Foundry Lane, Springfield')).toBeInTheDocument();
    expect(shipTo.getByText('+1 555 010 2030')).toBeInTheDocument();

    expect(steps()).toEqual([
      `Placed${shown('2025-03-02T10:00:00.000Z')}`,
      `Paid${shown('2025-03-02T11:00:00.000Z')}Transaction id: pi_123`,
      `Shipped${shown('2025-03-03T09:15:00.000Z')}With UPS. Tracking number: 1Z999AA10123456784Track the parcel with UPS (opens the carrier’s site in a new tab)`,
    ]);
    // A carrier the shop knows: its tracking page, in a new tab.
    const track = screen.getByRole('link', { name: /^Track the parcel with UPS/ });
    expect(track).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(track).toHaveAttribute('target', '_blank');
    expect(track).toHaveAttribute('rel', 'noopener noreferrer');
    const placed = within(screen.getByRole('region', { name: 'Timeline' })).getAllByRole(
      'listitem',
    )[0]!;
    expect(placed.querySelector('time')).toHaveAttribute('datetime', '2025-03-02T10:00:00.000Z');

    const invoice = screen.getByRole('link', { name: 'Invoice PS-2026-000042 (PDF)' });
    expect(invoice).toHaveAttribute('href', `/api/orders/${ORDER_ID}/invoice.pdf`);
    expect(invoice).toHaveAttribute('download', 'PS-2026-000042.pdf');
    expect(screen.queryByRole('link', { name: /Credit note/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Pay/ })).toBeNull();
    // The packing slip is the admins'.
    expect(screen.queryByRole('link', { name: /Packing slip/ })).toBeNull();
  });

  it('gives an admin the packing slip of a paid order, not of a refunded one', async () => {
    const admin = {
      'GET /api/auth/get-session': () =>
        json(sessionFor({ name: 'Owner', email: 'owner@example.com', role: 'admin' })),
    };
    const paid = { paid: true, transactionId: 'pi_9', invoiceNumber: 'PS-2026-000007' };
    renderPage(thermalPasteOrder(paid), admin);
    const slip = await screen.findByRole('link', {
      name: 'Packing slip (PDF) (opens in a new tab)',
    });
    expect(slip).toHaveAttribute('href', `/api/orders/${ORDER_ID}/packing-slip.pdf`);
    expect(slip).toHaveAttribute('target', '_blank');
  });

  it('gives no packing slip of a refunded order, even to an admin', async () => {
    const { api } = renderPage(
      thermalPasteOrder({
        paid: true,
        transactionId: 'pi_9',
        invoiceNumber: 'PS-2026-000007',
        refundedAt: '2025-03-04T08:00:00.000Z',
        creditNoteNumber: 'CN-2026-000001',
      }),
      {
        'GET /api/auth/get-session': () =>
          json(sessionFor({ name: 'Owner', email: 'owner@example.com', role: 'admin' })),
      },
    );
    await screen.findByRole('link', { name: 'Credit note CN-2026-000001 (PDF)' });
    await waitFor(() => expect(api.callsTo('GET', '/api/auth/get-session')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: /Packing slip/ })).toBeNull();
  });

  it('offers to pay an unpaid order until it expires, and says until when', async () => {
    const expiresAt = '2025-03-03T10:00:00.000Z';
    renderPage(thermalPasteOrder({ expiresAt }));
    expect(await screen.findByRole('link', { name: 'Pay $75.00' })).toHaveAttribute(
      'href',
      `/dashboard/payment/${ORDER_ID}`,
    );
    expect(steps()).toEqual([
      `Placed${shown('2025-03-02T10:00:00.000Z')}`,
      `Waiting for payment` +
        `Pay before ${shown(expiresAt)}: the parts are kept for you until then.`,
    ]);
    // One part: its line is the order itself.
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByText('Thermal paste')).toBeInTheDocument();
  });

  it('shows the subtotal, the shipping by its method and days, each tax and the total, as its invoice does', async () => {
    renderPage(
      thermalPasteOrder({
        subtotal: 75,
        shippingMethod: {
          id: '6f1c1a52-35a6-4d5c-9b0e-0a7f2c1d3e4f',
          name: 'Standard',
          price: 9.9,
          days: { min: 3, max: 5 },
        },
        shipping: 9.9,
        // (75 + 9.90) x 8.25% = 7.00425: the shipping is taxed in Texas.
        taxes: [{ name: 'Texas sales tax', rate: 8.25, amount: 7 }],
        total: 91.9,
        buyerTaxId: 'US-EIN 98-7654321',
        address: 'Jane Receiver, 500 Congress Ave, Austin, TX 78701, United States',
        shipToLines: ['Jane Receiver', '500 Congress Ave', 'Austin, TX 78701', 'United States'],
        phone: '+15125550100',
      }),
    );
    expect(await screen.findByRole('link', { name: 'Pay $91.90' })).toBeInTheDocument();
    // Its one line is the parts: the subtotal, not the total.
    const [line] = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(within(line!).getAllByText('$75.00')).not.toHaveLength(0);
    expect(within(line!).queryByText('$91.90')).toBeNull();
    expect(moneyRows()).toEqual([
      'Subtotal$75.00',
      'Shipping (Standard, 3–5 business days)$9.90',
      'Texas sales tax (8.25%)$7.00',
      'Total$91.90',
    ]);
    // Where it ships: the address book entry as a label reads it, a line each (its recipient
    // first, in bold, instead of the account's name), and the tax ID.
    const region = screen.getByRole('region', { name: 'Ship to' });
    const shipTo = within(region);
    expect([...region.querySelectorAll('address > span')].map((line) => line.textContent)).toEqual([
      'Jane Receiver',
      '500 Congress Ave',
      'Austin, TX 78701',
      'United States',
      '+1 512 555 0100',
    ]);
    expect(shipTo.getByText('Jane Receiver')).toHaveClass('font-semibold');
    expect(region.querySelector('address')).toHaveTextContent(
      'Jane Receiver 500 Congress Ave Austin, TX 78701 United States +1 512 555 0100',
    );
    expect(shipTo.queryByText('Jane Doe')).toBeNull();
    expect(shipTo.getByText('+1 512 555 0100')).toBeInTheDocument();
    expect(shipTo.getByText('US-EIN 98-7654321')).toBeInTheDocument();
  });

  it('shows a tax-exempt order: no tax row, its certificate', async () => {
    renderPage(
      thermalPasteOrder({
        subtotal: 75,
        shippingMethod: {
          id: '6f1c1a52-35a6-4d5c-9b0e-0a7f2c1d3e4f',
          name: 'Express',
          price: 0,
          days: { min: 1, max: 1 },
        },
        shipping: 0,
        taxes: [],
        taxExemption: 'TX-RESALE-0042',
        total: 75,
      }),
    );
    await screen.findByRole('heading', { level: 1 });
    expect(moneyRows()).toEqual([
      'Subtotal$75.00',
      'Shipping (Express, 1 business day)Free',
      'Sales taxExempt (TX-RESALE-0042)',
      'Total$75.00',
    ]);
    const shipTo = within(screen.getByRole('region', { name: 'Ship to' }));
    expect(shipTo.getByText('Certificate TX-RESALE-0042')).toBeInTheDocument();
  });

  it('shows an expired order as expired, without Pay', async () => {
    renderPage(
      thermalPasteOrder({ expired: true, expiresAt: null, expiredAt: '2025-03-03T10:00:00.000Z' }),
    );
    await screen.findByRole('heading', { level: 1 });
    expect(steps()).toEqual([
      `Placed${shown('2025-03-02T10:00:00.000Z')}`,
      `Expired${shown('2025-03-03T10:00:00.000Z')}It was not paid in time: its parts went back in stock.`,
    ]);
    expect(screen.queryByRole('link', { name: /^Pay/ })).toBeNull();
  });

  it('shows a paid order waiting to ship, then a refund with its credit note', async () => {
    renderPage(
      thermalPasteOrder({
        paid: true,
        transactionId: 'pi_9',
        paidAt: '2025-03-02T11:00:00.000Z',
        refundedAt: '2025-03-04T08:00:00.000Z',
        invoiceNumber: 'PS-2026-000007',
        creditNoteNumber: 'CN-2026-000001',
      }),
    );
    await screen.findByRole('heading', { level: 1 });
    expect(steps()).toEqual([
      `Placed${shown('2025-03-02T10:00:00.000Z')}`,
      `Paid${shown('2025-03-02T11:00:00.000Z')}Transaction id: pi_9`,
      `Refunded${shown('2025-03-04T08:00:00.000Z')}Credit note CN-2026-000001.`,
    ]);
    expect(screen.getByRole('link', { name: 'Credit note CN-2026-000001 (PDF)' })).toHaveAttribute(
      'href',
      `/api/orders/${ORDER_ID}/credit-note.pdf`,
    );
    expect(screen.getByRole('link', { name: 'Invoice PS-2026-000007 (PDF)' })).toBeInTheDocument();
  });

  it('says a paid order waits to be shipped', async () => {
    renderPage(thermalPasteOrder({ paid: true, paidAt: '2025-03-02T11:00:00.000Z' }));
    await screen.findByRole('heading', { level: 1 });
    expect(steps().at(-1)).toBe('Waiting to ship');
  });

  it.each([403, 404])('says an order it may not see (%i) is not found', async (status) => {
    renderPage(apiError(status, 'Not yours'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not find this order' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Orders' })).toHaveAttribute(
      'href',
      '/dashboard/my-orders',
    );
  });

  it('"Order again" fills the cart, then opens it naming what was added and what was not', async () => {
    const { api } = renderPage(shippedCheckout, {
      [`POST /api/orders/${ORDER_ID}/reorder`]: () =>
        json({
          added: [{ partId: PART_ID, name: 'Thermal paste', quantity: 10 }],
          skipped: [{ partId: PSU_ID, name: 'Anvil PSU 850 W', reason: 'out_of_stock' }],
        }),
    });
    const button = await screen.findByRole('button', { name: 'Order again (order PS-O-000042)' });
    await userEvent.setup().click(button);
    expect(await screen.findByRole('heading', { name: 'Your cart' })).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/orders/${ORDER_ID}/reorder`)).toHaveLength(1);
    expect(toast.success).toHaveBeenCalledWith('Added to your cart: 10 × Thermal paste.', {
      description: 'Not added: Anvil PSU 850 W (out of stock).',
    });
  });

  it('"Order again" stays on the order and says why when nothing could be added', async () => {
    renderPage(thermalPasteOrder(), {
      [`POST /api/orders/${ORDER_ID}/reorder`]: () =>
        json({
          added: [],
          skipped: [{ partId: PART_ID, name: 'Thermal paste', reason: 'deleted' }],
        }),
    });
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Order again (order PS-O-000042)' }));
    await waitFor(() =>
      expect(showErrorDialog).toHaveBeenCalledWith(
        'Nothing could be added to your cart. Not added: Thermal paste (no longer sold).',
        'Order again',
      ),
    );
    expect(screen.queryByRole('heading', { name: 'Your cart' })).toBeNull();
    expect(toast.success).not.toHaveBeenCalled();
  });

  describe('Need help with this order?', () => {
    const asJane = { 'GET /api/auth/get-session': () => json(sessionFor(jane)) };
    const MESSAGES = `POST /api/orders/${ORDER_ID}/messages`;

    it('lets its buyer write to the shop about it, checked, then says it went', async () => {
      const { api } = renderPage(shippedCheckout, {
        ...asJane,
        [MESSAGES]: () => json({ acknowledged: true, insertedId: ORDER_ID }),
      });
      const help = within(
        await screen.findByRole('region', { name: 'Need help with this order?' }),
      );
      expect(help.getByText(/we reply to jane@example\.com/)).toBeInTheDocument();
      const user = userEvent.setup();
      const send = help.getByRole('button', { name: 'Send to the shop' });

      // Nothing chosen, nothing written: each field says what it needs, nothing is sent.
      await user.click(send);
      expect(await help.findByText('Choose what your message is about')).toBeInTheDocument();
      expect(help.getByText('Please write at least 10 characters')).toBeInTheDocument();
      expect(help.getByLabelText('What is it about?')).toHaveAttribute('aria-invalid', 'true');
      expect(api.callsTo('POST', `/api/orders/${ORDER_ID}/messages`)).toEqual([]);

      await user.selectOptions(help.getByLabelText('What is it about?'), 'A part arrived damaged');
      // The box suggests what to say about it.
      expect(help.getByLabelText('Your message')).toHaveAttribute(
        'placeholder',
        'Which part, and what is damaged? A photo helps: we ask for it in our reply.',
      );
      await user.type(help.getByLabelText('Your message'), 'The PSU fan rattles and stops.');
      await user.click(send);
      await waitFor(() =>
        expect(help.getByRole('status')).toHaveTextContent(
          `Sent. We will answer about order ${shippedCheckout.number} by e-mail.`,
        ),
      );
      expect(api.callsTo('POST', `/api/orders/${ORDER_ID}/messages`)).toEqual([
        {
          method: 'POST',
          path: `/api/orders/${ORDER_ID}/messages`,
          body: { topic: 'damaged', message: 'The PSU fan rattles and stops.' },
        },
      ]);
      // The form is empty again for another message.
      expect(help.getByLabelText('Your message')).toHaveValue('');
    });

    it('shows why a message was not sent, and keeps what was written', async () => {
      renderPage(shippedCheckout, {
        ...asJane,
        [MESSAGES]: () => apiError(429, 'Too many messages: please try again in an hour.'),
      });
      const help = within(
        await screen.findByRole('region', { name: 'Need help with this order?' }),
      );
      const user = userEvent.setup();
      await user.selectOptions(help.getByLabelText('What is it about?'), 'I want to return parts');
      await user.type(help.getByLabelText('Your message'), 'Two pastes too many, unopened.');
      await user.click(help.getByRole('button', { name: 'Send to the shop' }));
      expect(await help.findByRole('alert')).toHaveTextContent(
        'Too many messages: please try again in an hour.',
      );
      expect(help.getByLabelText('Your message')).toHaveValue('Two pastes too many, unopened.');
    });

    it("is not offered to an admin looking at a customer's order", async () => {
      renderPage(shippedCheckout, {
        'GET /api/auth/get-session': () =>
          json(sessionFor({ name: 'Owner', email: 'owner@example.com', role: 'admin' })),
      });
      await screen.findByRole('heading', { level: 1 });
      await screen.findByRole('link', { name: /Packing slip/ });
      expect(screen.queryByRole('region', { name: 'Need help with this order?' })).toBeNull();
    });
  });
});
