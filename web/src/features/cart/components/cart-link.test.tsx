import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockApi, type Routes } from '../../../test/mock-api.ts';
import { LOCAL_CART_KEY } from '../api/local-cart.ts';
import { CartLink, cartLinkLabel } from './cart-link.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const C = '33333333-3333-4333-8333-333333333333';

/** A server cart line of `partId` with `quantity` units. */
const line = (partId: string, quantity: number) => ({
  partId,
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

function renderLink(routes: Routes, session: 'in' | 'out' | 'loading' = 'in') {
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

const keep = (lines: { partId: string; quantity: number }[]) =>
  localStorage.setItem(LOCAL_CART_KEY, JSON.stringify(lines));

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(toast.warning).mockClear();
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

describe("the visitor's cart, merged at sign-in", () => {
  it('PUTs each local line, keeps the larger quantity, then empties the local cart', async () => {
    // The server has 8 of A (more than the 5 here) and 1 of B (fewer than the 4 here).
    keep([
      { partId: A, quantity: 5 },
      { partId: B, quantity: 4 },
      { partId: C, quantity: 2 },
    ]);
    let server = cartOf(line(A, 8), line(B, 1));
    const { api } = renderLink({
      'GET /api/cart': () => json(server),
      [`PUT /api/cart/lines/${B}`]: ({ body }) => {
        server = cartOf(line(A, 8), line(B, (body as { quantity: number }).quantity));
        return json(server);
      },
      [`PUT /api/cart/lines/${C}`]: ({ body }) => {
        server = cartOf(...server.lines, line(C, (body as { quantity: number }).quantity));
        return json(server);
      },
    });

    expect(await screen.findByRole('link', { name: 'Cart, 14 items' })).toHaveAttribute(
      'href',
      '/cart',
    );
    expect(api.callsTo('PUT', `/api/cart/lines/${A}`)).toHaveLength(0);
    expect(api.callsTo('PUT', `/api/cart/lines/${B}`).map((c) => c.body)).toEqual([
      { quantity: 4 },
    ]);
    expect(api.callsTo('PUT', `/api/cart/lines/${C}`).map((c) => c.body)).toEqual([
      { quantity: 2 },
    ]);
    await waitFor(() => expect(localStorage.getItem(LOCAL_CART_KEY)).toBeNull());
    expect(toast.warning).not.toHaveBeenCalled();
  });

  it('drops a line the server refuses for good, and says why', async () => {
    keep([
      { partId: A, quantity: 5 },
      { partId: B, quantity: 2 },
    ]);
    const { api } = renderLink({
      'GET /api/cart': () => json(cartOf()),
      [`PUT /api/cart/lines/${A}`]: () => apiError(404, 'This part is not in our catalogue.'),
      [`PUT /api/cart/lines/${B}`]: () => json(cartOf(line(B, 2))),
    });
    expect(await screen.findByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem(LOCAL_CART_KEY)).toBeNull());
    expect(api.callsTo('PUT', `/api/cart/lines/${B}`)).toHaveLength(1);
    await waitFor(() =>
      expect(toast.warning).toHaveBeenCalledWith(
        'Some parts from before you signed in are not in your cart',
        { description: 'This part is not in our catalogue.' },
      ),
    );
  });

  it('keeps the lines not moved yet when the shop cannot be reached', async () => {
    keep([
      { partId: A, quantity: 5 },
      { partId: B, quantity: 2 },
    ]);
    renderLink({
      'GET /api/cart': () => json(cartOf()),
      [`PUT /api/cart/lines/${A}`]: () => json(cartOf(line(A, 5))),
      [`PUT /api/cart/lines/${B}`]: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    expect(await screen.findByRole('link', { name: 'Cart, 5 items' })).toBeInTheDocument();
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(LOCAL_CART_KEY)!)).toEqual([
        { partId: B, quantity: 2 },
      ]),
    );
  });

  it('merges nothing for a visitor, and counts the local cart', async () => {
    keep([{ partId: A, quantity: 3 }]);
    const { api } = renderLink({}, 'out');
    expect(await screen.findByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    expect(localStorage.getItem(LOCAL_CART_KEY)).not.toBeNull();
  });
});
