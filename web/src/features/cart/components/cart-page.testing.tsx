import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { mockApi, type Routes } from '../../../test/mock-api.ts';
import { jane } from '../../../test/fixtures.ts';
import { CartPage } from './cart-page.tsx';

// What the cart page's tests share (cart-page.test.tsx, cart-page-visitor.test.tsx).

export const PASTE_ID = '3c9d8e7f-6a5b-4c3d-8e2f-1a0b9c8d7e6f';

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
