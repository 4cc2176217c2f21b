import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequireAdmin, RequireUser } from '../../features/auth/components/guards.tsx';
import { appRoutes, renderApp } from '../../test/app-routes.tsx';
import { lazyComponent, routeChain } from '../../test/lazy-route.ts';
import { PAGES } from '@partsmith/contract/pages';
import { DashboardRoute } from '../layouts/dashboard.tsx';
import { json, mockApi, sessionFor } from '../../test/mock-api.ts';

const ADMIN_PAGES = Object.entries(PAGES).filter(([, page]) => page.access === 'admin');

/** A page of an admin table (GET /api/admin/users...: contract/admin-lists). */
function pageOf(items: unknown[], total: number) {
  return new Response(JSON.stringify({ items, nextCursor: null, total }), {
    headers: { 'content-type': 'application/json' },
  });
}

afterEach(() => vi.restoreAllMocks());

describe('the admin routes', () => {
  it('routes.ts puts the admin pages, each its own module, inside RequireAdmin in the dashboard', async () => {
    expect(ADMIN_PAGES.length).toBeGreaterThanOrEqual(6);
    const pages = new Set<unknown>();
    for (const [id, { path }] of ADMIN_PAGES) {
      // the root > RequireUser > the dashboard's layout > RequireAdmin > the page
      const [, user, layout, admin, page, ...deeper] = routeChain(appRoutes(), path);
      expect(page?.id, path).toBe(id);
      expect(await lazyComponent(user), path).toBe(RequireUser);
      expect(await lazyComponent(layout), path).toBe(DashboardRoute);
      expect(await lazyComponent(admin), path).toBe(RequireAdmin);
      const component = await lazyComponent(page);
      expect(component, path).toBeTypeOf('function');
      pages.add(component);
      expect(deeper, path).toEqual([]);
    }
    expect(pages.size).toBe(ADMIN_PAGES.length);
  });

  it("opens /dashboard/make-admin for an admin, with the admin's own row marked (you)", async () => {
    mockApi({
      'GET /api/auth/get-session': () =>
        json(sessionFor({ name: 'Ada Admin', email: 'ada@example.com', role: 'admin' })),
      'GET /api/admin/ada%40example.com': () => json({ admin: true }),
      'GET /api/admin/users': () =>
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
    renderApp('/dashboard/make-admin');

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
