import type { Cart } from '@partsmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { mockApi, type Routes } from '../../../test/mock-api.ts';
import { cartLineOf, jane } from '../../../test/fixtures.ts';
import { CartPage } from './cart-page.tsx';
import type { AddressPickerSlot } from './checkout-form.tsx';

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

export const ADDRESS_ID = '7d0e6c1a-2b3c-4d5e-8f90-a1b2c3d4e5f6';

/**
 * The address book's picker as the cart page gets it from the app: here one radio (the real
 * picker has its own tests in the addresses feature).
 */
export const testPicker: AddressPickerSlot = ({ selectedId, onSelect }) => (
  <fieldset>
    <legend>Ship to</legend>
    <label>
      <input
        type="radio"
        name="address"
        checked={selectedId === ADDRESS_ID}
        onChange={() => onSelect(ADDRESS_ID)}
      />
      Jane Doe, 500 Congress Ave, Austin, TX 78701
    </label>
  </fieldset>
);

/** The checkout's preview of `fullCart` shipped to Texas by Standard (or Express). */
export const STANDARD_ID = 'a1e0c0de-0000-4000-8000-000000000001';
export const EXPRESS_ID = 'a1e0c0de-0000-4000-8000-000000000002';
export function previewOf(method: 'standard' | 'express' = 'standard') {
  const standard = { id: STANDARD_ID, name: 'Standard', price: 0, days: { min: 3, max: 5 } };
  const express = { id: EXPRESS_ID, name: 'Express', price: 24.9, days: { min: 1, max: 2 } };
  const chosen = method === 'standard' ? standard : express;
  // 8.25% of (1,815.00 + shipping)
  const tax = method === 'standard' ? 149.74 : 151.79;
  return {
    lines: fullCart.lines.map(({ partId, sku, name, image, price, quantity, total }) => ({
      partId,
      sku,
      name,
      image,
      price,
      quantity,
      total,
    })),
    address: {
      _id: ADDRESS_ID,
      name: 'Jane Doe',
      company: null,
      line1: '500 Congress Ave',
      line2: null,
      city: 'Austin',
      region: 'TX',
      postalCode: '78701',
      country: 'US',
      phone: '+15125550100',
      taxId: null,
      isDefault: true,
    },
    subtotal: 1815,
    shippingMethods: [standard, express],
    shippingMethod: chosen,
    shipping: chosen.price,
    taxes: [{ name: 'Texas sales tax', rate: 8.25, amount: tax }],
    total: Math.round((1815 + chosen.price + tax) * 100) / 100,
    exemption: null,
    shippable: true,
    problem: null,
  };
}

/** The cart page for `buyer` (null: a visitor), answered by `routes`. */
export function renderPage(routes: Routes, buyer: typeof jane | null = jane) {
  const api = mockApi(routes);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: '/cart', element: <CartPage buyer={buyer} addressPicker={testPicker} /> },
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
