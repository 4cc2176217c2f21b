import type { Order } from '@partsmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ORDER_ID } from '../../../test/fixtures.ts';
import { json, mockApi, type Routes } from '../../../test/mock-api.ts';
import { OrderPage } from './order-page.tsx';

/**
 * The order page of ORDER_ID, alone in a router, over a mocked API: `order()` answers its
 * GET /api/purchase/:id (read again at each request), `routes` the rest.
 */
export function renderOrderPage(order: () => Order, routes: Routes = {}) {
  const api = mockApi({ [`GET /api/purchase/${ORDER_ID}`]: () => json(order()), ...routes });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path: '/dashboard/orders/:id', element: <OrderPage /> }], {
    initialEntries: [`/dashboard/orders/${ORDER_ID}`],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { api };
}
