import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGES } from '@partsmith/contract/pages';
import { RequireAdmin, RequireUser } from '../../features/auth/components/guards.tsx';
import { LoginPage } from '../../features/auth/components/login-page.tsx';
import { ManageQuotesPage } from '../../features/quotes/components/manage-quotes-page.tsx';
import { appRoutes, renderApp } from '../../test/app-routes.tsx';
import { lazyComponent, routeChain } from '../../test/lazy-route.ts';
import { cartLineOf } from '../../test/fixtures.ts';
import { json, mockApi, sessionFor, silenceFlushSyncWarning } from '../../test/mock-api.ts';
import { DashboardRoute } from '../layouts/dashboard.tsx';
import { MyQuotesRoute } from './quotes.tsx';
import { NewQuoteRoute } from './new-quote.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

const cartLine = cartLineOf(12);

beforeEach(() => {
  silenceFlushSyncWarning();
});

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('the quote routes', () => {
  it('routes.ts declares them: signed-in pages in the dashboard, Manage Quotes for admins', async () => {
    for (const [page, Component] of [
      [PAGES.quotes, MyQuotesRoute],
      [PAGES.newQuote, NewQuoteRoute],
    ] as const) {
      const [, user, layout, route, ...deeper] = routeChain(appRoutes(), page.path);
      expect(await lazyComponent(user)).toBe(RequireUser);
      expect(await lazyComponent(layout)).toBe(DashboardRoute);
      expect(await lazyComponent(route), page.path).toBe(Component);
      expect(deeper).toEqual([]);
    }
    const [, user, layout, admin, manage] = routeChain(appRoutes(), PAGES.manageQuotes.path);
    expect(await lazyComponent(user)).toBe(RequireUser);
    expect(await lazyComponent(layout)).toBe(DashboardRoute);
    expect(await lazyComponent(admin)).toBe(RequireAdmin);
    expect(await lazyComponent(manage)).toBe(ManageQuotesPage);
    // The sign-in the quote pages send a visitor to is the real one.
    const [, login] = routeChain(appRoutes(), PAGES.login.path);
    expect(await lazyComponent(login)).toBe(LoginPage);
  });

  it("takes a visitor's cart to the request through the sign-in, query string and all", async () => {
    let signedIn = false;
    let serverCart: (typeof cartLine)[] = [];
    const api = mockApi({
      'GET /api/auth/get-session': () =>
        json(signedIn ? sessionFor({ name: 'Jane Doe', email: 'jane@example.com' }) : null),
      'GET /api/auth-providers': () => json({ google: false, github: false, facebook: false }),
      // The server joins the visitor's cart (its cookie's) to the account's at sign-in.
      'POST /api/auth/sign-in/email': () => {
        signedIn = true;
        serverCart = [cartLine];
        return json({ user: { id: 'u1', email: 'jane@example.com' }, redirect: false });
      },
      'GET /api/admin/jane%40example.com': () => json({ admin: false }),
      'GET /api/cart': () =>
        json({ lines: serverCart, count: serverCart.length ? 12 : 0, total: 3474 }),
    });
    const { router } = renderApp('/dashboard/quotes/new?from=cart');

    // To the sign-in, which remembers the whole address.
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Sign in instead' }))[0]!);
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/dashboard/quotes/new?from=cart' });
    const form = within(screen.getByRole('form', { name: 'Sign in' }));
    await user.type(form.getByLabelText('Email'), 'jane@example.com');
    await user.type(form.getByLabelText('Password'), 'correct horse');
    await user.click(form.getByRole('button', { name: 'Sign In' }));

    // Back on the request, with the account's cart as the server joined it.
    expect(
      await screen.findByLabelText('Quantity of Ryzen 7 8-core CPU', {}, { timeout: 5000 }),
    ).toHaveValue(12);
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/dashboard/quotes/new?from=cart',
    );
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });
});
