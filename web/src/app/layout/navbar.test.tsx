import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, Outlet } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, sessionFor, silenceFlushSyncWarning } from '../../test/mock-api.ts';
import { SIGNED_OUT_MESSAGE } from './nav-links.ts';
import { Navbar } from './navbar.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

function renderNavbar(path = '/') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <Navbar />
            <Outlet />
          </>
        ),
        children: [
          { index: true, element: <p>Home page</p> },
          { path: 'dashboard', element: <p>Dashboard page</p> },
          { path: 'parts', element: <p>Parts page</p> },
          { path: 'parts/:partsId', element: <p>Part page</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, client };
}

const main = () => within(screen.getByRole('navigation', { name: 'Main' }));

async function openDrawer(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Open menu' }));
  // The drawer loads on demand (with the navbar's other parts).
  return within(await screen.findByRole('dialog', { name: 'Menu' }));
}

const drawerLinkNames = (drawer: Awaited<ReturnType<typeof openDrawer>>) =>
  drawer
    .getAllByRole('link')
    .map((link) => link.textContent?.trim())
    .filter((name) => name !== 'Partsmith');

beforeEach(() => {
  silenceFlushSyncWarning();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(toast.success).mockClear();
});

describe('Navbar', () => {
  it('keeps the account corner empty while the session loads', async () => {
    mockApi({ 'GET /api/auth/get-session': () => new Promise<Response>(() => {}) });
    const user = userEvent.setup();
    renderNavbar();
    expect(main().queryByRole('link', { name: 'Login' })).toBeNull();
    expect(main().queryByRole('button', { name: 'Sign Out' })).toBeNull();
    expect(main().queryByRole('link', { name: 'Dashboard' })).toBeNull();
    const drawer = await openDrawer(user);
    expect(drawerLinkNames(drawer)).toEqual(['Home', 'Parts', 'My Portfolio', 'Contact', 'Cart']);
  });

  it('shows Login when signed out; the drawer never lists BLOGS', async () => {
    mockApi({ 'GET /api/auth/get-session': () => json(null) });
    const user = userEvent.setup();
    renderNavbar();
    expect(await main().findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(main().getByRole('link', { name: 'BLOGS' })).toHaveAttribute('href', '/blogs');
    expect(main().queryByRole('link', { name: 'Dashboard' })).toBeNull();
    expect(main().queryByRole('button', { name: 'Sign Out' })).toBeNull();

    const drawer = await openDrawer(user);
    expect(drawerLinkNames(drawer)).toEqual([
      'Home',
      'Parts',
      'My Portfolio',
      'Contact',
      'Cart',
      'Login',
    ]);
    expect(drawer.queryByText('BLOGS')).toBeNull();
  });

  it('shows Dashboard, Sign Out and the avatar initials when signed in', async () => {
    mockApi({
      'GET /api/auth/get-session': () =>
        json(sessionFor({ name: 'Jane Doe', email: 'jane@example.com' })),
    });
    const user = userEvent.setup();
    renderNavbar();
    expect(await main().findByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(main().getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    const avatar = main().getByRole('button', { name: 'JD, account menu for Jane Doe' });
    expect(avatar).toHaveTextContent('JD');
    expect(main().queryByRole('link', { name: 'Login' })).toBeNull();

    const drawer = await openDrawer(user);
    expect(drawerLinkNames(drawer)).toEqual([
      'Home',
      'Parts',
      'My Portfolio',
      'Contact',
      'Cart',
      'Dashboard',
    ]);
    expect(drawer.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(drawer.queryByText('BLOGS')).toBeNull();
  });

  it('signs out: ends the session, says so and goes home', async () => {
    localStorage.setItem('accessToken', 'old');
    let signedIn = true;
    const api = mockApi({
      'GET /api/auth/get-session': () =>
        json(signedIn ? sessionFor({ name: 'Jane Doe', email: 'jane@example.com' }) : null),
      'POST /api/auth/sign-out': () => {
        signedIn = false;
        return json({ success: true });
      },
    });
    const user = userEvent.setup();
    const { router, client } = renderNavbar('/dashboard');
    client.setQueryData(['orders', 'jane@example.com'], []);
    await user.click(await main().findByRole('button', { name: 'Sign Out' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(SIGNED_OUT_MESSAGE));
    expect(api.callsTo('POST', '/api/auth/sign-out')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/');
    expect(await main().findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(client.getQueryData(['orders', 'jane@example.com'])).toBeUndefined();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('signs out from the avatar menu too', async () => {
    let signedIn = true;
    const api = mockApi({
      'GET /api/auth/get-session': () =>
        json(signedIn ? sessionFor({ name: 'Jane Doe', email: 'jane@example.com' }) : null),
      'POST /api/auth/sign-out': () => {
        signedIn = false;
        return json({ success: true });
      },
    });
    const user = userEvent.setup();
    renderNavbar();
    await user.click(await main().findByRole('button', { name: /account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));
    expect(await main().findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/sign-out')).toHaveLength(1);
  });

  it('puts the focus in the drawer, and back on the menu button when Escape closes it', async () => {
    mockApi({ 'GET /api/auth/get-session': () => json(null) });
    const user = userEvent.setup();
    renderNavbar();
    const drawer = await openDrawer(user);
    await waitFor(() => expect(drawer.getByRole('link', { name: 'Home' })).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });

  describe('the search box', () => {
    const SUGGESTIONS = {
      items: [
        {
          _id: '11111111-1111-4111-8111-111111111111',
          name: 'Anvil B650M WiFi',
          sku: 'ANV-B650M-WIFI',
          category: 'motherboards',
        },
        {
          _id: '22222222-2222-4222-8222-222222222222',
          name: 'Anvil Z790 Pro',
          sku: 'ANV-Z790-PRO',
          category: 'motherboards',
        },
      ],
    };

    it('links to the catalogue and suggests parts as you type; a suggestion opens its page', async () => {
      const api = mockApi({
        'GET /api/auth/get-session': () => json(null),
        'GET /api/parts/suggest': () => json(SUGGESTIONS),
      });
      const user = userEvent.setup();
      const { router } = renderNavbar();
      expect(main().getByRole('link', { name: 'Parts' })).toHaveAttribute('href', '/parts');
      const box = await main().findByRole('combobox', { name: 'Search parts' });
      await user.type(box, 'anvil');
      const list = await main().findByRole('listbox', { name: 'Suggested parts' });
      expect(await within(list).findAllByRole('option')).toHaveLength(2);
      expect(
        within(list).getByRole('option', { name: /Anvil Z790 Pro\s*ANV-Z790-PRO/ }),
      ).toBeVisible();
      expect(api.callsTo('GET', '/api/parts/suggest').at(-1)?.search).toBe('?q=anvil');
      await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
      await waitFor(() =>
        expect(router.state.location.pathname).toBe('/parts/22222222-2222-4222-8222-222222222222'),
      );
    });

    it('searches the catalogue for the text when Enter is pressed without a suggestion', async () => {
      mockApi({
        'GET /api/auth/get-session': () => json(null),
        'GET /api/parts/suggest': () => json({ items: [] }),
      });
      const user = userEvent.setup();
      const { router } = renderNavbar();
      await user.type(
        await main().findByRole('combobox', { name: 'Search parts' }),
        'psu 850{Enter}',
      );
      await waitFor(() => expect(router.state.location.pathname).toBe('/parts'));
      expect(router.state.location.search).toBe('?q=psu+850');
    });
  });

  describe('the cart link', () => {
    afterEach(() => localStorage.clear());

    it("counts a visitor's units from the server's cart, in the bar and in the drawer", async () => {
      mockApi({
        'GET /api/auth/get-session': () => json(null),
        'GET /api/cart': () => json({ lines: [], count: 5, total: 12.5 }),
      });
      const user = userEvent.setup();
      renderNavbar();
      const link = await main().findByRole('link', { name: 'Cart, 5 items' });
      expect(link).toHaveAttribute('href', '/cart');
      const drawer = await openDrawer(user);
      expect(drawer.getByRole('link', { name: 'Cart, 5 items' })).toHaveAttribute('href', '/cart');
    });

    it("counts a signed-in buyer's units from the server's cart", async () => {
      const api = mockApi({
        'GET /api/auth/get-session': () =>
          json(sessionFor({ name: 'Jane Doe', email: 'jane@example.com' })),
        'GET /api/cart': () => json({ lines: [], count: 1, total: 9.5 }),
      });
      renderNavbar();
      expect(await main().findByRole('link', { name: 'Cart, 1 item' })).toHaveAttribute(
        'href',
        '/cart',
      );
      expect(api.callsTo('GET', '/api/cart')).toHaveLength(1);
    });

    it('names the link without a count while the session loads', async () => {
      mockApi({ 'GET /api/auth/get-session': () => new Promise<Response>(() => {}) });
      renderNavbar();
      expect(main().getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart');
      // The link with the count has come, and still says nothing it does not know.
      await waitFor(() =>
        expect(main().getByRole('link', { name: 'Cart' })).toHaveAttribute('aria-label', 'Cart'),
      );
    });
  });
});
