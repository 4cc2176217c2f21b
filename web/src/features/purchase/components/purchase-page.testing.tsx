import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { json, mockApi, type Routes } from '../../../test/mock-api.ts';
import { jane, part, PART_ID } from '../../../test/fixtures.ts';
import type { AddToCart } from './purchase-form.tsx';
import { PurchasePage } from './purchase-page.tsx';

// What the purchase page's tests share (purchase-page.test.tsx, purchase-add-to-cart.test.tsx).

export const ADDRESS = '12 Foundry Lane, Springfield 62704';
export const PHONE = '+1 555 010 2030';

/** The purchase page of `part`, answered by `routes`; with a cart when `addToCart` is given. */
export function renderPage(routes: Routes, addToCart?: AddToCart) {
  const api = mockApi({ [`GET /api/part/${PART_ID}`]: () => json(part), ...routes });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  // Cached answers of other pages, to see that a purchase marks them out of date.
  client.setQueryData(['allParts', { q: '' }], { pages: [], pageParams: [] });
  client.setQueryData(['orders', 'list', jane.email], []);
  const router = createMemoryRouter(
    [
      { path: '/purchase/:partsId', element: <PurchasePage user={jane} addToCart={addToCart} /> },
      { path: '/dashboard/my-orders', element: <p>My orders page</p> },
      { path: '/cart', element: <p>Cart page</p> },
      { path: '/', element: <p>Home page</p> },
    ],
    { initialEntries: [`/purchase/${PART_ID}`] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { api, client, router };
}

/** Types the quantity (none when ''), the address and the phone into the form. */
export async function fillForm(quantity: string) {
  const user = userEvent.setup();
  const box = await screen.findByLabelText('Quantity');
  await user.clear(box);
  if (quantity) await user.type(box, quantity);
  await user.type(screen.getByLabelText('Shipping address'), ADDRESS);
  await user.type(screen.getByLabelText('Phone number'), PHONE);
  return user;
}
