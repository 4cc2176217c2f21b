import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGES } from '@partsmith/contract/pages';
import { AddressBookPage } from '../../features/addresses/components/address-book-page.tsx';
import { RequireUser } from '../../features/auth/components/guards.tsx';
import { appRoutes, renderApp } from '../../test/app-routes.tsx';
import { lazyComponent, routeChain } from '../../test/lazy-route.ts';
import { json, mockApi, sessionFor, silenceFlushSyncWarning } from '../../test/mock-api.ts';
import { DashboardRoute } from '../layouts/dashboard.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

beforeEach(() => {
  silenceFlushSyncWarning();
});

afterEach(() => vi.restoreAllMocks());

describe('the /dashboard/addresses route', () => {
  it('routes.ts declares it: a signed-in page in the dashboard', async () => {
    const [, user, layout, page, ...deeper] = routeChain(appRoutes(), PAGES.addresses.path);
    expect(await lazyComponent(user)).toBe(RequireUser);
    expect(await lazyComponent(layout)).toBe(DashboardRoute);
    expect(await lazyComponent(page)).toBe(AddressBookPage);
    expect(deeper).toEqual([]);
  });

  it("opens from the customer's dashboard menu", async () => {
    mockApi({
      'GET /api/auth/get-session': () =>
        json(sessionFor({ name: 'Jane Doe', email: 'jane@example.com' })),
      'GET /api/admin/jane%40example.com': () => json({ admin: false }),
      'GET /api/addresses': () => json([]),
      'GET /api/countries': () =>
        json([{ code: 'US', name: 'United States', regions: [], regionRequired: false }]),
    });
    const { router } = renderApp('/dashboard');
    const nav = within(await screen.findByRole('navigation', { name: 'Dashboard' }));
    await userEvent.setup().click(await nav.findByRole('link', { name: 'Addresses' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your addresses' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/addresses');
    expect(await screen.findByText('You have no saved addresses yet')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Addresses | Partsmith'));
  });
});
