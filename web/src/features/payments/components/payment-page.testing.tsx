import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Order } from '@partsmith/contract';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { json, mockApi, type Routes } from '../../../test/mock-api.ts';
import { PaymentPage } from './payment-page.tsx';

// What the payment page's tests share (payment-page.test.tsx, payment-page-stripe.test.tsx).

export const ORDER_ID = '0b6f3c1e-7d2a-4e9b-8c5d-2f1a0e9d8c7b';
export const SECRET = 'pi_test_abc_secret_xyz';
export const jane = { name: 'Jane Doe', email: 'jane@example.com' };

export const unpaid: Order = {
  _id: ORDER_ID,
  number: 'PS-O-000042',
  partId: '5f1c9a7e-2b4d-4c8e-9f10-1a2b3c4d5e6f',
  name: 'Ryzen 7 8-core CPU',
  image: '/images/parts/cpu-8core.svg',
  description: 'Eight cores and sixteen threads.',
  price: 289.5,
  quantity: 2,
  total: 579,
  userEmail: jane.email,
  userName: jane.name,
  address: '12 Foundry Lane, Springfield',
  phone: '+1 555 010 2030',
  availableQuantity: 38,
  paid: false,
  transactionId: null,
  status: null,
  createdAt: '2025-03-02T10:00:00.000Z',
};

export const intentAnswer = () => json({ clientSecret: SECRET, provider: 'test', amount: 579 });

/** The payment page of the unpaid order; `routes` answer in place of the test processor's. */
export function renderPage(routes: Routes) {
  const api = mockApi({
    [`GET /api/purchase/${ORDER_ID}`]: () => json(unpaid),
    'GET /api/payment-config': () => json({ provider: 'test', publishableKey: null }),
    'POST /api/create-payment-intent': intentAnswer,
    ...routes,
  });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(['orders', 'list', jane.email], [unpaid]);
  const router = createMemoryRouter(
    [
      { path: '/dashboard/payment/:id', element: <PaymentPage user={jane} /> },
      { path: '/dashboard/my-orders', element: <p>My orders page</p> },
    ],
    { initialEntries: [`/dashboard/payment/${ORDER_ID}`] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { api, client };
}

export const payButton = () => screen.getByRole('button', { name: 'Pay $579.00' });
