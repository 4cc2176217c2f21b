import { quantityMessage } from '@partsmith/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/mock-api.ts';
import { ORDER_ID, PART_ID } from '../../../test/fixtures.ts';
import {
  CART_TITLE,
  CREATE_AN_ACCOUNT,
  REQUEST_A_QUOTE,
  SIGN_IN_TO_CHECK_OUT,
} from './cart-page.tsx';
import {
  ADDRESS_ID,
  EXPRESS_ID,
  cpuLine,
  fullCart,
  lineOf,
  pasteLine,
  previewOf,
  renderPage,
  summary,
} from './cart-page.testing.tsx';
import { CHECKOUT_SUCCESS, CHECKOUT_SUCCESS_DETAIL } from './checkout-form.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** The preview of the cart, by method. */
const previewRoute = {
  'POST /api/checkout/preview': ({ body }: { body: unknown }) =>
    json(
      previewOf(
        (body as { shippingMethod?: string }).shippingMethod === EXPRESS_ID
          ? 'express'
          : 'standard',
      ),
    ),
};

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(toast.success).mockClear();
});

describe('CartPage, signed in', () => {
  it('shows each line with its prices, quantity and total, and the cart total', async () => {
    renderPage({ 'GET /api/cart': () => json(fullCart) });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your cart');
    expect(screen.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe(CART_TITLE));
    await screen.findByRole('heading', { name: 'Ryzen 7 8-core CPU' });

    const cpu = lineOf('Ryzen 7 8-core CPU');
    expect(cpu.getByRole('link', { name: 'Ryzen 7 8-core CPU' })).toHaveAttribute(
      'href',
      `/parts/${PART_ID}`,
    );
    expect(cpu.getByText('Part number:').nextElementSibling).toHaveTextContent('PS-CPU-000001');
    expect(cpu.getByText('Unit price:').nextElementSibling).toHaveTextContent('$289.50');
    expect(cpu.queryByText(/Volume price/)).toBeNull();
    const quantity = cpu.getByLabelText('Quantity of Ryzen 7 8-core CPU');
    expect(quantity).toHaveValue(6);
    expect(quantity).toHaveAccessibleDescription('From 5 to 40 units.');
    expect(cpu.getByText('$1,737.00')).toBeInTheDocument();

    const paste = lineOf('Thermal paste');
    expect(paste.getByText('Unit price:').nextElementSibling).toHaveTextContent('$7.50');
    expect(paste.getByText('Volume price from 10 units:').nextElementSibling).toHaveTextContent(
      '$6.50',
    );
    expect(paste.getByText('$78.00')).toBeInTheDocument();

    expect(summary().getByText('Items').nextElementSibling).toHaveTextContent('18');
    expect(summary().getByText('Subtotal').nextElementSibling).toHaveTextContent('$1,815.00');
    // Shipping and tax are priced once an address is chosen.
    expect(summary().getByRole('button', { name: 'Check out' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: SIGN_IN_TO_CHECK_OUT })).toBeNull();
    expect(screen.queryByRole('link', { name: CREATE_AN_ACCOUNT })).toBeNull();
  });

  it('removes a line, says so and puts the focus on the heading', async () => {
    const api = renderPage({
      'GET /api/cart': () => json(fullCart),
      [`DELETE /api/cart/lines/${PART_ID}`]: () =>
        json({ lines: [pasteLine], count: 12, total: 78 }),
    }).api;
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Ryzen 7 8-core CPU' }));

    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Ryzen 7 8-core CPU' })).toBeNull(),
    );
    expect(api.callsTo('DELETE', `/api/cart/lines/${PART_ID}`)).toHaveLength(1);
    expect(screen.getByText('Ryzen 7 8-core CPU was removed from your cart.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Your cart' })).toHaveFocus();
    expect(summary().getByText('Subtotal').nextElementSibling).toHaveTextContent('$78.00');
  });

  it("checks a line's quantity as the purchase page does, and sends a good one", async () => {
    const { api } = renderPage({
      'GET /api/cart': () => json(fullCart),
      [`PUT /api/cart/lines/${PART_ID}`]: () =>
        json({
          lines: [{ ...cpuLine, quantity: 8, total: 2316 }, pasteLine],
          count: 20,
          total: 2394,
        }),
    });
    const user = userEvent.setup();
    const box = await screen.findByLabelText('Quantity of Ryzen 7 8-core CPU');

    await user.clear(box);
    await user.type(box, '41');
    await user.tab();
    await waitFor(() =>
      expect(box).toHaveAccessibleDescription(`${quantityMessage(5, 40)} From 5 to 40 units.`),
    );
    expect(box).toHaveAttribute('aria-invalid', 'true');

    await user.clear(box);
    await user.tab();
    await waitFor(() =>
      expect(box).toHaveAccessibleDescription('Quantity is Required From 5 to 40 units.'),
    );
    expect(api.callsTo('PUT', `/api/cart/lines/${PART_ID}`)).toHaveLength(0);

    // Sent when the box loses the focus (or on Enter).
    await user.type(box, '8');
    await user.tab();
    await waitFor(() =>
      expect(api.callsTo('PUT', `/api/cart/lines/${PART_ID}`).map((c) => c.body)).toEqual([
        { quantity: 8 },
      ]),
    );
    await waitFor(() =>
      expect(summary().getByText('Subtotal').nextElementSibling).toHaveTextContent('$2,394.00'),
    );
    expect(box).toHaveValue(8);
    expect(box).not.toHaveAttribute('aria-invalid');
  });

  it("shows the server's refusal of a quantity on its line", async () => {
    renderPage({
      'GET /api/cart': () => json(fullCart),
      [`PUT /api/cart/lines/${PART_ID}`]: () =>
        json(
          { statusCode: 422, error: 'Unprocessable Entity', message: quantityMessage(5, 7) },
          422,
        ),
    });
    const user = userEvent.setup();
    const box = await screen.findByLabelText('Quantity of Ryzen 7 8-core CPU');
    await user.clear(box);
    await user.type(box, '9');
    await user.tab();
    await waitFor(() =>
      expect(lineOf('Ryzen 7 8-core CPU').getByText(quantityMessage(5, 7))).toBeInTheDocument(),
    );
  });

  it('prices shipping and tax for the address and method, checks out at that total with an Idempotency-Key', async () => {
    const { api, router } = renderPage({
      'GET /api/cart': () => json(fullCart),
      ...previewRoute,
      'POST /api/checkout': () => json({ acknowledged: true, insertedId: ORDER_ID }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /Jane Doe/ }));
    const totals = within(await screen.findByRole('region', { name: 'What your order comes to' }));
    expect(totals.getByText('Subtotal').nextElementSibling).toHaveTextContent('$1,815.00');
    expect(totals.getByText(/Standard, 3–5 business days/)).toBeInTheDocument();
    expect(totals.getByText('Texas sales tax').nextElementSibling).toHaveTextContent('$149.74');
    expect(totals.getByText('Total').nextElementSibling).toHaveTextContent('$1,964.74');
    // Express instead: priced again.
    await user.click(screen.getByRole('radio', { name: /Express/ }));
    await waitFor(() =>
      expect(totals.getByText('Total').nextElementSibling).toHaveTextContent('$1,991.69'),
    );
    await user.click(screen.getByRole('button', { name: 'Place order · $1,991.69' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/dashboard/payment/${ORDER_ID}`),
    );
    expect(api.callsTo('POST', '/api/checkout').map((c) => c.body)).toEqual([
      { addressId: ADDRESS_ID, shippingMethod: EXPRESS_ID, expectedTotal: 1991.69 },
    ]);
    const [, init] = api.spy.mock.calls.find(([url]) => String(url) === '/api/checkout')!;
    expect((init?.headers as Record<string, string>)['Idempotency-Key']).toMatch(UUID);
    expect(toast.success).toHaveBeenCalledWith(CHECKOUT_SUCCESS, {
      description: CHECKOUT_SUCCESS_DETAIL,
    });
  });

  it('asks where the order ships before anything is priced or sent', async () => {
    const { api } = renderPage({ 'GET /api/cart': () => json(fullCart), ...previewRoute });
    expect(await screen.findByRole('button', { name: 'Check out' })).toBeDisabled();
    expect(screen.getByText('Choose where your order ships to.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/checkout/preview')).toHaveLength(0);
    expect(api.callsTo('POST', '/api/checkout')).toHaveLength(0);
  });

  it('shows the new total when it changed before the order was placed (409), and places it at that total next', async () => {
    let calls = 0;
    const changed = { ...previewOf(), subtotal: 1825, total: 1975.57 };
    const { api } = renderPage({
      'GET /api/cart': () => json(fullCart),
      // The server prices the cart as it is now: the new price once it changed.
      'POST /api/checkout/preview': () => json(calls === 0 ? previewOf() : changed),
      'POST /api/checkout': () =>
        ++calls === 1
          ? json(
              {
                statusCode: 409,
                error: 'Conflict',
                message: 'The total of your order changed to $1975.57 since you saw it.',
                lines: [],
                preview: changed,
              },
              409,
            )
          : json({ acknowledged: true, insertedId: ORDER_ID }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /Jane Doe/ }));
    await user.click(await screen.findByRole('button', { name: 'Place order · $1,964.74' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The total of your order changed');
    await user.click(await screen.findByRole('button', { name: 'Place order · $1,975.57' }));
    await waitFor(() => expect(calls).toBe(2));
    expect(api.callsTo('POST', '/api/checkout').map((c) => c.body)).toEqual([
      {
        addressId: ADDRESS_ID,
        shippingMethod: previewOf().shippingMethod.id,
        expectedTotal: 1964.74,
      },
      {
        addressId: ADDRESS_ID,
        shippingMethod: previewOf().shippingMethod.id,
        expectedTotal: 1975.57,
      },
    ]);
  });

  it('shows a refused checkout (409) and marks the line it names', async () => {
    const { router } = renderPage({
      'GET /api/cart': () => json(fullCart),
      ...previewRoute,
      'POST /api/checkout': () =>
        json(
          {
            statusCode: 409,
            error: 'Conflict',
            message: 'Some parts of your cart cannot be served as they stand.',
            lines: [
              { partId: PART_ID, name: 'Ryzen 7 8-core CPU', problem: 'Only 3 left in stock.' },
            ],
          },
          409,
        ),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /Jane Doe/ }));
    await user.click(await screen.findByRole('button', { name: /Place order/ }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Some parts of your cart cannot be served as they stand.',
    );
    await waitFor(() =>
      expect(
        screen.getByRole('heading', { name: 'Ryzen 7 8-core CPU' }).closest('li'),
      ).toHaveAccessibleDescription('Only 3 left in stock.'),
    );
    expect(lineOf('Thermal paste').queryByText('Only 3 left in stock.')).toBeNull();
    expect(router.state.location.pathname).toBe('/cart');
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('shows the problem the server gives a line as it stands', async () => {
    renderPage({
      'GET /api/cart': () =>
        json({
          ...fullCart,
          lines: [{ ...cpuLine, problem: 'This part is sold out.' }, pasteLine],
        }),
    });
    expect(
      (await screen.findByRole('heading', { name: 'Ryzen 7 8-core CPU' })).closest('li'),
    ).toHaveAccessibleDescription('This part is sold out.');
  });

  it('offers a quote for the whole cart', async () => {
    renderPage({ 'GET /api/cart': () => json(fullCart) });
    await screen.findByRole('heading', { name: 'Ryzen 7 8-core CPU' });
    expect(summary().getByRole('link', { name: REQUEST_A_QUOTE })).toHaveAttribute(
      'href',
      '/dashboard/quotes/new?from=cart',
    );
    expect(summary().getByRole('button', { name: 'Check out' })).toBeInTheDocument();
  });

  it('says the cart is empty, with the way to the parts', async () => {
    renderPage({ 'GET /api/cart': () => json({ lines: [], count: 0, total: 0 }) });
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the parts' })).toHaveAttribute(
      'href',
      '/#parts',
    );
    expect(screen.queryByRole('button', { name: 'Check out' })).toBeNull();
  });

  it('says when the cart cannot be loaded, and tries again', async () => {
    let fail = true;
    renderPage({
      'GET /api/cart': () =>
        fail ? json({ statusCode: 500, error: 'x', message: 'x' }, 500) : json(fullCart),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load your cart.');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Thermal paste' })).toBeInTheDocument();
  });
});
