import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, sessionFor } from '../test/mock-api.ts';
import { routes } from './route-table.tsx';
import { prefetchPage } from './router.tsx';

const PART = {
  _id: '0b6c1c9e-5d4a-4a43-9a55-3b8c1f6c2a10',
  name: 'Forge DDR5 32 GB',
  description: 'Two 16 GB modules.',
  image: '/images/parts/ram-ddr5-32gb.webp',
  minOrderQuantity: 10,
  availableQuantity: 500,
  price: 120,
};

afterEach(() => vi.restoreAllMocks());

/** Waits until the requests prefetchPage started have been answered. */
async function settle(client: QueryClient) {
  await vi.waitFor(() => expect(client.getQueryState(['session'])?.status).toBe('success'));
  await vi.waitFor(() => expect(client.isFetching()).toBe(0));
}

describe('prefetchPage: the answers a page shows are asked for before its first render', () => {
  it('asks for the session on every page', async () => {
    const api = mockApi({ 'GET /api/auth/get-session': () => json(null) });
    const client = new QueryClient();
    prefetchPage(client, routes, '/blogs');
    await settle(client);
    expect(api.calls.map((c) => c.path)).toEqual(['/api/auth/get-session']);
  });

  it('asks for the part of /purchase/:id beside the session', async () => {
    const api = mockApi({
      'GET /api/auth/get-session': () => json(sessionFor({ name: 'Jo', email: 'jo@example.com' })),
      [`GET /api/part/${PART._id}`]: () => json(PART),
    });
    const client = new QueryClient();
    prefetchPage(client, routes, `/purchase/${PART._id}`);
    await settle(client);
    await vi.waitFor(() =>
      expect(client.getQueryData(['part', PART._id])).toMatchObject({ name: PART.name }),
    );
    expect(api.callsTo('GET', `/api/part/${PART._id}`)).toHaveLength(1);
  });

  it("asks for the signed-in user's orders and admin status on /dashboard/my-orders", async () => {
    const api = mockApi({
      'GET /api/auth/get-session': () => json(sessionFor({ name: 'Jo', email: 'jo@example.com' })),
      'GET /api/orders': () => json([]),
      'GET /api/admin/jo%40example.com': () => json({ admin: false }),
    });
    const client = new QueryClient();
    prefetchPage(client, routes, '/dashboard/my-orders');
    await vi.waitFor(() => expect(client.getQueryData(['admin', 'jo@example.com'])).toBeDefined());
    await vi.waitFor(() =>
      expect(client.getQueryData(['orders', 'list', 'jo@example.com'])).toEqual([]),
    );
    // The session once, though three routes wait for it.
    expect(api.callsTo('GET', '/api/auth/get-session')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/orders')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/admin/jo%40example.com')).toHaveLength(1);
  });

  it('asks /login which social sign-ins the shop has, and resolves once they are in', async () => {
    const providers = { google: true, github: false, facebook: false };
    const api = mockApi({
      'GET /api/auth/get-session': () => json(null),
      'GET /api/auth-providers': () => json(providers),
    });
    const client = new QueryClient();
    await prefetchPage(client, routes, '/login');
    expect(client.getQueryData(['auth-providers'])).toEqual(providers);
    expect(api.callsTo('GET', '/api/auth-providers')).toHaveLength(1);
  });

  it("asks for the home page's first page of parts, and resolves once the answers are in", async () => {
    const api = mockApi({
      'GET /api/auth/get-session': () => json(null),
      'GET /api/allParts': () => json([PART]),
    });
    const client = new QueryClient();
    await prefetchPage(client, routes, '/');
    expect(client.getQueryState(['session'])?.status).toBe('success');
    expect(client.getQueryData(['allParts', { q: '' }])).toMatchObject({
      pages: [{ parts: [{ name: PART.name }], nextCursor: null }],
    });
    expect(api.callsTo('GET', '/api/allParts')).toHaveLength(1);
  });

  it('resolves when an answer fails too, leaving the error to the page', async () => {
    mockApi({
      'GET /api/auth/get-session': () => json(null),
      [`GET /api/part/${PART._id}`]: () => json({ message: 'Part not found' }, 404),
    });
    const client = new QueryClient();
    await prefetchPage(client, routes, `/purchase/${PART._id}`);
    expect(client.getQueryState(['part', PART._id])?.status).toBe('error');
  });

  it('asks for nothing of a signed-in page when nobody is signed in', async () => {
    const api = mockApi({ 'GET /api/auth/get-session': () => json(null) });
    const client = new QueryClient();
    prefetchPage(client, routes, '/dashboard/my-orders');
    await settle(client);
    expect(api.calls.map((c) => c.path)).toEqual(['/api/auth/get-session']);
  });
});
