import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/mock-api.ts';
import { PART_ID } from '../../../test/fixtures.ts';
import { CREATE_AN_ACCOUNT, REQUEST_A_QUOTE, SIGN_IN_TO_CHECK_OUT } from './cart-page.tsx';
import { cpuLine, fullCart, lineOf, pasteLine, renderPage, summary } from './cart-page.testing.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

afterEach(() => vi.restoreAllMocks());

describe('CartPage, for a visitor', () => {
  it('shows the cart the server keeps for them, and the ways to sign in or up to check out', async () => {
    const { api, router } = renderPage({ 'GET /api/cart': () => json(fullCart) }, null);
    await screen.findByRole('heading', { name: 'Thermal paste' });
    expect(
      lineOf('Thermal paste').getByText('Volume price from 10 units:').nextElementSibling,
    ).toHaveTextContent('$6.50');
    expect(lineOf('Thermal paste').getByText('$78.00')).toBeInTheDocument();
    expect(summary().getByText('Subtotal').nextElementSibling).toHaveTextContent('$1,815.00');
    expect(summary().getByText('Items').nextElementSibling).toHaveTextContent('18');
    expect(api.callsTo('GET', '/api/cart')).toHaveLength(1);

    // No checkout: sign in, or create an account, and come back to the cart.
    expect(screen.queryByRole('button', { name: 'Check out' })).toBeNull();
    expect(screen.queryByLabelText('Shipping address')).toBeNull();
    const signIn = summary().getByRole('link', { name: SIGN_IN_TO_CHECK_OUT });
    expect(signIn).toHaveAttribute('href', '/login?from=%2Fcart');
    const signUp = summary().getByRole('link', { name: CREATE_AN_ACCOUNT });
    expect(signUp).toHaveAttribute('href', '/login?from=%2Fcart');
    // Through the sign-in (the page is for signed-in users), where this cart joins the account.
    expect(summary().getByRole('link', { name: REQUEST_A_QUOTE })).toHaveAttribute(
      'href',
      '/dashboard/quotes/new?from=cart',
    );

    // The login page opens on the form the visitor chose (it reads `mode`; `?from=` brings
    // them back).
    await userEvent.setup().click(signIn);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?from=%2Fcart');
    expect(router.state.location.state).toEqual({ mode: 'signin' });
    await router.navigate(-1);
    await userEvent.setup().click(await screen.findByRole('link', { name: CREATE_AN_ACCOUNT }));
    await waitFor(() => expect(router.state.location.state).toEqual({ mode: 'signup' }));
  });

  it('changes and removes the lines on the server, as for a customer', async () => {
    const { api } = renderPage(
      {
        'GET /api/cart': () => json(fullCart),
        [`PUT /api/cart/lines/${PART_ID}`]: () =>
          json({
            lines: [{ ...cpuLine, quantity: 8, total: 2316 }, pasteLine],
            count: 20,
            total: 2394,
          }),
        [`DELETE /api/cart/lines/${pasteLine.partId}`]: () =>
          json({ lines: [{ ...cpuLine, quantity: 8, total: 2316 }], count: 8, total: 2316 }),
      },
      null,
    );
    const user = userEvent.setup();
    const box = await screen.findByLabelText('Quantity of Ryzen 7 8-core CPU');
    await user.clear(box);
    await user.type(box, '8');
    await user.tab();
    await waitFor(() =>
      expect(summary().getByText('Subtotal').nextElementSibling).toHaveTextContent('$2,394.00'),
    );
    expect(api.callsTo('PUT', `/api/cart/lines/${PART_ID}`).map((c) => c.body)).toEqual([
      { quantity: 8 },
    ]);

    await user.click(screen.getByRole('button', { name: 'Remove Thermal paste' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Thermal paste' })).toBeNull(),
    );
    expect(api.callsTo('DELETE', `/api/cart/lines/${pasteLine.partId}`)).toHaveLength(1);
    expect(summary().getByText('Subtotal').nextElementSibling).toHaveTextContent('$2,316.00');
    expect(localStorage.length).toBe(0);
  });

  it('shows the problem the server gives a line', async () => {
    renderPage(
      {
        'GET /api/cart': () =>
          json({
            ...fullCart,
            lines: [{ ...cpuLine, problem: 'This part is out of stock.' }, pasteLine],
          }),
      },
      null,
    );
    expect(
      (await screen.findByRole('heading', { name: 'Ryzen 7 8-core CPU' })).closest('li'),
    ).toHaveAccessibleDescription('This part is out of stock.');
  });

  it('says an empty cart is empty', async () => {
    renderPage({ 'GET /api/cart': () => json({ lines: [], count: 0, total: 0 }) }, null);
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: SIGN_IN_TO_CHECK_OUT })).toBeNull();
  });
});
