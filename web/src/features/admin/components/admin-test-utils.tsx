import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PART_HEADERS } from '@partsmith/contract';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { mockApi, type ApiCall } from '../../../test/mock-api.ts';

/** Test helpers of the admin pages (imported by tests only). */

/** A page of a paged list as the server answers it: the items, X-Total-Count, X-Next-Cursor. */
export function pageOf(items: unknown[], total: number, nextCursor?: string) {
  const headers = new Headers({
    'content-type': 'application/json',
    [PART_HEADERS.total]: String(total),
  });
  if (nextCursor) headers.set(PART_HEADERS.nextCursor, nextCursor);
  return new Response(JSON.stringify(items), { status: 200, headers });
}

/** A page of an admin table as GET /api/admin/... answers it (contract/admin-lists). */
export function listOf(items: unknown[], total = items.length, nextCursor: string | null = null) {
  return new Response(JSON.stringify({ items, nextCursor, total }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

export type QueryCall = ApiCall & { query: URLSearchParams };
type Answer = Response | Promise<Response>;

/**
 * mockApi whose handlers also see the query string (mockApi matches on the path alone), and
 * `queries(method, path)`: the query string of each call to that path, in order.
 */
export function mockAdminApi(routes: Record<string, (call: QueryCall) => Answer>) {
  const urlOf = (input: unknown) =>
    new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
  // mockApi calls the handler synchronously from inside fetch: the last call is this one.
  const lastQuery = () => urlOf(api.spy.mock.calls.at(-1)?.[0]).searchParams;
  const api = mockApi(
    Object.fromEntries(
      Object.entries(routes).map(([key, handler]) => [
        key,
        (call: ApiCall) => handler({ ...call, query: lastQuery() }),
      ]),
    ),
  );
  return {
    ...api,
    queries: (method: string, path: string) =>
      api.spy.mock.calls
        .filter(
          ([input, init]) =>
            (init?.method ?? 'GET').toUpperCase() === method && urlOf(input).pathname === path,
        )
        .map(([input]) => urlOf(input).search),
  };
}

/** Renders one admin page at `url` with a fresh query client (no retries). */
export function renderAdminPage(element: ReactElement, url: string) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  // The home page's listing, so tests can see it invalidated.
  client.setQueryData(['allParts', { q: '' }], { pages: [], pageParams: [] });
  const path = new URL(url, 'http://localhost').pathname;
  const router = createMemoryRouter([{ path, element }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { client, router };
}
