import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockApi } from '../../../test/mock-api.ts';
import { cartLineOf, part, PART_ID } from '../../../test/fixtures.ts';
import { AddToCartForm } from './add-to-cart-form.tsx';

const bulk = {
  ...part,
  price: 10,
  minOrderQuantity: 2,
  availableQuantity: 100,
  priceBreaks: [
    { minQuantity: 10, price: 9 },
    { minQuantity: 50, price: 8 },
  ],
};

function renderForm() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: '/parts/:partsId', element: <AddToCartForm part={bulk} /> },
      { path: '/cart', element: <p>Cart page</p> },
    ],
    { initialEntries: [`/parts/${PART_ID}`] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router };
}

const cartOf = (quantity: number) => {
  const line = cartLineOf(quantity);
  return { lines: quantity ? [line] : [], count: quantity, total: line.total };
};

afterEach(() => vi.restoreAllMocks());

describe('AddToCartForm', () => {
  it('shows the volume prices, the price of the typed quantity, and adds it to the cart', async () => {
    const api = mockApi({
      'GET /api/cart': () => json(cartOf(0)),
      'PUT /api/cart/lines/5f1c9a7e-2b4d-4c8e-9f10-1a2b3c4d5e6f': (call) =>
        json(cartOf((call.body as { quantity: number }).quantity)),
    });
    const user = userEvent.setup();
    renderForm();
    const form = await screen.findByRole('form', { name: 'Add to cart' });
    const table = within(form).getByRole('table', { name: 'Volume prices' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    const quantity = within(form).getByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '12');
    expect(within(form).getByText(/\$9\.00 each, \$108\.00 in all/)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText(/Added 12 × Ryzen 7 8-core CPU to your cart/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart');
    expect(api.callsTo('PUT', `/api/cart/lines/${PART_ID}`)[0]?.body).toEqual({ quantity: 12 });
  });

  it('adds to the line the cart holds already', async () => {
    const api = mockApi({
      'GET /api/cart': () => json(cartOf(5)),
      'PUT /api/cart/lines/5f1c9a7e-2b4d-4c8e-9f10-1a2b3c4d5e6f': (call) =>
        json(cartOf((call.body as { quantity: number }).quantity)),
    });
    const user = userEvent.setup();
    renderForm();
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText(/Added 2 ×/)).toBeVisible();
    expect(api.callsTo('PUT', `/api/cart/lines/${PART_ID}`)[0]?.body).toEqual({ quantity: 7 });
  });

  it('says what is wrong with the quantity, and the server’s refusal', async () => {
    const api = mockApi({
      'GET /api/cart': () => json(cartOf(0)),
      'PUT /api/cart/lines/5f1c9a7e-2b4d-4c8e-9f10-1a2b3c4d5e6f': () =>
        apiError(422, 'Only 3 units are left in stock.'),
    });
    const user = userEvent.setup();
    renderForm();
    const quantity = await screen.findByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '1');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(screen.getByText('The minimum order is 2 units.')).toBeVisible();
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PUT', `/api/cart/lines/${PART_ID}`)).toHaveLength(0);

    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only 3 units are left in stock.');
  });

  it('offers Buy now and a quote at the chosen quantity', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderForm();
    const quantity = await screen.findByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '40');
    expect(screen.getByRole('link', { name: 'Buy now' })).toHaveAttribute(
      'href',
      `/purchase/${PART_ID}`,
    );
    expect(screen.getByRole('link', { name: 'Request a quote' })).toHaveAttribute(
      'href',
      `/dashboard/quotes/new?part=${PART_ID}&quantity=40`,
    );
  });
});
