import type { Cart } from '@partsmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { mockApi, type Routes } from '../../../test/mock-api.ts';
import { cartLineOf, jane } from '../../../test/fixtures.ts';
import { CartPage } from './cart-page.tsx';

// What the cart page's tests share (cart-page.test.tsx, cart-page-visitor.test.tsx).

export const PASTE_ID = '3c9d8e7f-6a5b-4c3d-8e2f-1a0b9c8d7e6f';

export const cpuLine = cartLineOf(6);
/** Twelve tubes: the volume price from ten applies. */
export const pasteLine = {
  partId: PASTE_ID,
  sku: 'PS-TOOL-000002',
  name: 'Thermal paste',
  image: '/images/parts/tool-thermal-paste.svg',
  price: 6.5,
  basePrice: 7.5,
  priceBreaks: [{ minQuantity: 10, price: 6.5 }],
  quantity: 12,
  total: 78,
  minOrderQuantity: 1,
  availableQuantity: 500,
  problem: null,
};
export const fullCart: Cart = { lines: [cpuLine, pasteLine], count: 18, total: 1815 };

/** The cart page for `buyer` (null: a visitor), answered by `routes`. */
export function renderPage(routes: Routes, buyer: typeof jane | null = jane) {
  const api = mockApi(routes);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: '/cart', element: <CartPage buyer={buyer} /> },
      { path: '/dashboard/payment/:id', element: <p>Payment page</p> },
      { path: '/login', element: <p>Login page</p> },
    ],
    { initialEntries: ['/cart'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { api, client, router };
}

/** The line of the part named `name`. */
export const lineOf = (name: string) =>
  within(
    screen
      .getAllByRole('listitem')
      .find((item) => within(item).queryByRole('heading', { name }) !== null)!,
  );

export const summary = () => within(screen.getByRole('region', { name: 'Order summary' }));
