import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequireAdmin, RequireUser } from '../../features/auth/components/guards.tsx';
import { lazyComponent, routeChain } from '../../test/lazy-route.ts';
import { PAGES } from '@partsmith/contract/pages';
import { DashboardRoute } from './dashboard.tsx';
import { json, mockApi, sessionFor } from '../../test/mock-api.ts';

const ADMIN_PAGES = Object.values(PAGES).filter((page) => page.access === 'admin');

/** The signed-in pages' part of the app's table: the RequireUser guard and what it holds. */
async function signedInRoutes(): Promise<RouteObject> {
  const { routes } = await import('../route-table.tsx');
  return routeChain(routes, PAGES.makeAdmin.path)[1]!;
}

function pageOf(items: unknown[], total: number) {
  return new Response(JSON.stringify(items), {
    headers: { 'content-type': 'application/json', 'x-total-count': String(total) },
  });
}

afterEach(() => vi.restoreAllMocks());

describe('the admin routes', () => {
  it('route-table.tsx puts the admin pages, lazily loaded, inside RequireAdmin in the dashboard', async () => {
    const { routes } = await import('../route-table.tsx');
    expect(ADMIN_PAGES.length).toBeGreaterThanOrEqual(6);
    for (const { path } of ADMIN_PAGES) {
      // the root > RequireUser > the dashboard's layout > RequireAdmin > the page
      const [, user, layout, admin, page] = routeChain(routes, path);
      expect(await lazyComponent(user), path).toBe(RequireUser);
      expect(await lazyComponent(layout), path).toBe(DashboardRoute);
      expect(await lazyComponent(admin), path).toBe(RequireAdmin);
      expect(await lazyComponent(page), path).toBeTypeOf('function');
    }
  });

  it("opens /dashboard/make-admin for an admin, with the admin's own row marked (you)", async () => {
    mockApi({
      'GET /api/auth/get-session': () =>
        json(sessionFor({ name: 'Ada Admin', email: 'ada@example.com', role: 'admin' })),
      'GET /api/admin/ada%40example.com': () => json({ admin: true }),
      'GET /api/users': () =>
        pageOf(
          [
            {
              _id: '10000000-0000-4000-8000-000000000001',
              email: 'ada@example.com',
              name: 'Ada Admin',
              role: 'admin',
              createdAt: '2025-03-02T10:00:00.000Z',
            },
            {
              _id: '10000000-0000-4000-8000-000000000002',
              email: 'bob@example.com',
              name: 'Bob Buyer',
              role: 'customer',
              createdAt: '2025-03-02T10:00:00.000Z',
            },
          ],
          2,
        ),
    });
    const router = createMemoryRouter(
      [{ path: '/', HydrateFallback: () => null, children: [await signedInRoutes()] }],
      { initialEntries: ['/dashboard/make-admin'] },
    );
    render(
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );

    expect(
      await screen.findByRole('heading', { level: 1, name: 'All users: 2' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    const ada = within(screen.getByRole('table'))
      .getAllByRole('row')
      .find((row) => row.textContent?.includes('ada@example.com'))!;
    expect(within(ada).getByText('(you)')).toBeInTheDocument();
    const nav = within(screen.getByRole('navigation', { name: 'Dashboard' }));
    expect(await nav.findByRole('link', { name: 'Audit Log' })).toHaveAttribute(
      'href',
      '/dashboard/audit-log',
    );
  });
});
