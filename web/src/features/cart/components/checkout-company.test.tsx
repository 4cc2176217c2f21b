import type { MyCompany } from '@partsmith/contract/companies';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jane, myCompany, ORDER_ID } from '../../../test/fixtures.ts';
import { apiError, json, mockApi, type Routes } from '../../../test/mock-api.ts';
import { CartPage } from './cart-page.tsx';
import { ADDRESS_ID, fullCart, previewOf, STANDARD_ID, testPicker } from './cart-page.testing.tsx';
import { AWAITING_APPROVAL_DETAIL, CHECKOUT_SUCCESS, INVOICED_DETAIL } from './checkout-form.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(toast.success).mockClear();
});

/** Jane, a buyer of Acme Workshop, on `terms`. */
const acme = (
  terms: Partial<NonNullable<MyCompany['company']>['terms']> = {},
  mySpendingLimit: number | null = null,
): MyCompany =>
  myCompany({
    mySpendingLimit,
    terms: {
      paymentTerms: 'net30',
      creditLimit: 10_000,
      outstanding: 1_000,
      available: 9_000,
      poRequired: true,
      ...terms,
    },
  });

function renderCheckout(routes: Routes) {
  const api = mockApi({
    'GET /api/cart': () => json(fullCart),
    'POST /api/checkout/preview': () => json(previewOf('standard')),
    ...routes,
  });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: '/cart', element: <CartPage buyer={jane} addressPicker={testPicker} /> },
      { path: '/dashboard/payment/:id', element: <p>Payment page</p> },
      { path: '/dashboard/orders/:id', element: <p>Order page</p> },
    ],
    { initialEntries: ['/cart'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { api, router };
}

const placeOrder = () => screen.findByRole('button', { name: 'Place order · $1,964.74' });

describe('the checkout of a buyer in a company', () => {
  it('requires the PO number where the terms say so, and pays by invoice', async () => {
    const user = userEvent.setup();
    const { api, router } = renderCheckout({
      'GET /api/company': () => json(acme()),
      'POST /api/checkout': () => json({ acknowledged: true, insertedId: ORDER_ID }),
    });
    await user.click(await screen.findByRole('radio', { name: /Jane Doe/ }));
    const po = await screen.findByLabelText('Purchase order number');
    expect(po).toHaveAccessibleDescription(
      'Required: Acme Workshop asks for one on every order. It is printed on the invoice.',
    );
    expect(screen.getByRole('radio', { name: 'Pay by card' })).toBeChecked();
    const invoice = screen.getByRole('radio', {
      name: 'Pay by invoice (Net 30, $9,000.00 of credit available)',
    });

    // No PO number: refused here, the box says why and takes the focus.
    await user.click(await placeOrder());
    expect(po).toHaveFocus();
    expect(po).toBeInvalid();
    expect(po).toHaveAccessibleDescription(
      expect.stringContaining(
        'Enter your purchase order number: Acme Workshop requires one on every order.',
      ),
    );
    expect(api.callsTo('POST', '/api/checkout')).toEqual([]);

    await user.type(po, ' PO-7781 ');
    expect(po).toBeValid();
    await user.click(invoice);
    expect(screen.getByText('Your company is invoiced: no card needed.')).toBeVisible();
    await user.click(await placeOrder());

    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/dashboard/orders/${ORDER_ID}`),
    );
    expect(api.callsTo('POST', '/api/checkout').map((call) => call.body)).toEqual([
      {
        addressId: ADDRESS_ID,
        shippingMethod: STANDARD_ID,
        expectedTotal: 1964.74,
        poNumber: 'PO-7781',
        payment: 'invoice',
      },
    ]);
    expect(toast.success).toHaveBeenCalledWith(CHECKOUT_SUCCESS, { description: INVOICED_DETAIL });
  });

  it("shows the server's message when it refuses the invoice", async () => {
    const user = userEvent.setup();
    const { api, router } = renderCheckout({
      'GET /api/company': () => json(acme({ poRequired: false, available: 500 })),
      'POST /api/checkout': () =>
        apiError(409, 'The order is above the credit your company has left ($500.00).'),
    });
    await user.click(await screen.findByRole('radio', { name: /Jane Doe/ }));
    expect(await screen.findByLabelText('Purchase order number')).toHaveAccessibleDescription(
      'Optional: printed on the order and its invoice.',
    );
    await user.click(
      screen.getByRole('radio', { name: 'Pay by invoice (Net 30, $500.00 of credit available)' }),
    );
    expect(screen.getByText(/This order is above the credit available/)).toBeVisible();
    await user.click(await placeOrder());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The order is above the credit your company has left ($500.00).',
    );
    // No PO number typed: none sent.
    expect(api.callsTo('POST', '/api/checkout')[0]!.body).toEqual({
      addressId: ADDRESS_ID,
      shippingMethod: STANDARD_ID,
      expectedTotal: 1964.74,
      payment: 'invoice',
    });
    expect(router.state.location.pathname).toBe('/cart');
  });

  it('offers no invoice without terms, and sends an order above the limit to its page', async () => {
    const user = userEvent.setup();
    const { api, router } = renderCheckout({
      'GET /api/company': () => json(acme({ paymentTerms: null, poRequired: false }, 1_000)),
      'POST /api/checkout': () => json({ acknowledged: true, insertedId: ORDER_ID }),
    });
    await user.click(await screen.findByRole('radio', { name: /Jane Doe/ }));
    await user.type(await screen.findByLabelText('Purchase order number'), 'PO-1');
    expect(screen.queryByRole('radio', { name: /Pay by invoice/ })).toBeNull();
    await user.click(await placeOrder());
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/dashboard/orders/${ORDER_ID}`),
    );
    expect(api.callsTo('POST', '/api/checkout')[0]!.body).toEqual({
      addressId: ADDRESS_ID,
      shippingMethod: STANDARD_ID,
      expectedTotal: 1964.74,
      poNumber: 'PO-1',
    });
    expect(toast.success).toHaveBeenCalledWith(CHECKOUT_SUCCESS, {
      description: AWAITING_APPROVAL_DETAIL,
    });
  });

  it('shows nothing of companies to a buyer in none', async () => {
    const user = userEvent.setup();
    const { api } = renderCheckout({ 'GET /api/company': () => json({ company: null }) });
    await user.click(await screen.findByRole('radio', { name: /Jane Doe/ }));
    await placeOrder();
    await waitFor(() => expect(api.callsTo('GET', '/api/company')).toHaveLength(1));
    expect(screen.queryByLabelText('Purchase order number')).toBeNull();
    expect(screen.queryByRole('radio', { name: /Pay by/ })).toBeNull();
  });
});
