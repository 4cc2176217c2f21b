import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockApi, type Routes } from '../../../test/mock-api.ts';
import { OLD_LOCAL_CART_KEY } from '../api/move-old-local-cart.ts';
import { CartLink, cartLinkLabel } from './cart-link.tsx';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

/** A server cart line of `partId` with `quantity` units. */
const line = (partId: string, quantity: number) => ({
  partId,
  sku: `PS-TEST-00000${partId.slice(0, 1)}`,
  name: `Part ${partId.slice(0, 1)}`,
  image: '/images/parts/cpu-8core.svg',
  price: 1,
  basePrice: 1,
  priceBreaks: [],
  quantity,
  total: quantity,
  minOrderQuantity: 1,
  availableQuantity: 100,
  problem: null,
});
const cartOf = (...lines: ReturnType<typeof line>[]) => ({
  lines,
  count: lines.reduce((sum, l) => sum + l.quantity, 0),
  total: lines.reduce((sum, l) => sum + l.total, 0),
});

function renderLink(routes: Routes, session: 'in' | 'out' | 'loading') {
  const api = mockApi(routes);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [{ path: '/', element: <CartLink className="link" session={session} /> }],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { api, client };
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('cartLinkLabel', () => {
  it('names the count for screen readers', () => {
    expect(cartLinkLabel(null)).toBe('Cart');
    expect(cartLinkLabel(0)).toBe('Cart, 0 items');
    expect(cartLinkLabel(1)).toBe('Cart, 1 item');
    expect(cartLinkLabel(3)).toBe('Cart, 3 items');
  });
});

describe('CartLink', () => {
  it.each(['out', 'in'] as const)(
    'counts the units of the server’s cart (signed %s)',
    async (session) => {
      const { api } = renderLink(
        { 'GET /api/cart': () => json(cartOf(line(A, 3), line(B, 2))) },
        session,
      );
      expect(await screen.findByRole('link', { name: 'Cart, 5 items' })).toHaveAttribute(
        'href',
        '/cart',
      );
      expect(api.callsTo('GET', '/api/cart')).toHaveLength(1);
    },
  );

  it('asks nothing while the session loads', async () => {
    const { api } = renderLink({}, 'loading');
    expect(screen.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.calls).toEqual([]);
  });

  it('names no count when the cart cannot be read', async () => {
    const { api } = renderLink({ 'GET /api/cart': () => apiError(500, 'Down') }, 'out');
    await waitFor(() => expect(api.callsTo('GET', '/api/cart')).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Cart' })).toBeInTheDocument();
  });
});

describe('a cart this browser kept itself, before the server kept visitors’ carts', () => {
  it('is put in the server’s cart once, line by line, and removed', async () => {
    localStorage.setItem(
      OLD_LOCAL_CART_KEY,
      JSON.stringify([
        { partId: A, quantity: 5 },
        { partId: B, quantity: 2 },
        { partId: 'not an id', quantity: 1 },
        { partId: A, quantity: -1 },
      ]),
    );
    let server = cartOf();
    const { api } = renderLink(
      {
        'GET /api/cart': () => json(server),
        [`PUT /api/cart/lines/${A}`]: () => {
          server = cartOf(line(A, 5));
          return json(server);
        },
        // A part gone since: left out, the rest still moves.
        [`PUT /api/cart/lines/${B}`]: () => apiError(404, 'This part is not in our catalogue.'),
      },
      'out',
    );
    expect(await screen.findByRole('link', { name: 'Cart, 5 items' })).toBeInTheDocument();
    expect(api.callsTo('PUT', `/api/cart/lines/${A}`).map((c) => c.body)).toEqual([
      { quantity: 5 },
    ]);
    expect(api.callsTo('PUT', `/api/cart/lines/${B}`)).toHaveLength(1);
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(2);
    expect(localStorage.getItem(OLD_LOCAL_CART_KEY)).toBeNull();
  });

  it('is dropped when it cannot be read', async () => {
    localStorage.setItem(OLD_LOCAL_CART_KEY, '{not json');
    const { api } = renderLink({ 'GET /api/cart': () => json(cartOf()) }, 'out');
    expect(await screen.findByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
    expect(localStorage.getItem(OLD_LOCAL_CART_KEY)).toBeNull();
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });
});
