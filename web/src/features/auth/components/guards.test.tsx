import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiError,
  json,
  mockApi,
  sessionFor,
  silenceFlushSyncWarning,
} from '../../../test/mock-api.ts';
import { ADMIN_ONLY_MESSAGE, RequireAdmin, RequireUser } from './guards.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

function LoginProbe() {
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from ?? 'none';
  return <p>Login page, from {from}</p>;
}

function renderGuarded(path: string) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: '/login', Component: LoginProbe },
      { path: '/', element: <p>Home page</p> },
      {
        path: '/dashboard',
        Component: RequireUser,
        children: [
          { index: true, element: <p>Dashboard home</p> },
          {
            Component: RequireAdmin,
            children: [{ path: 'make-admin', element: <p>Make admin page</p> }],
          },
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

beforeEach(() => {
  silenceFlushSyncWarning();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(toast.error).mockClear();
});

const customer = sessionFor({ name: 'Jane Doe', email: 'jane@example.com' });

describe('RequireUser', () => {
  it('shows a spinner while the session loads, then the page', async () => {
    let answer: (response: Response) => void = () => {};
    mockApi({
      'GET /api/auth/get-session': () => new Promise((resolve) => (answer = resolve)),
    });
    renderGuarded('/dashboard');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading the page');
    answer(json(customer));
    expect(await screen.findByText('Dashboard home')).toBeInTheDocument();
  });

  it('sends a signed-out visitor to /login with where they wanted to go', async () => {
    mockApi({ 'GET /api/auth/get-session': () => json(null) });
    const { router } = renderGuarded('/dashboard/make-admin?tab=all');
    expect(
      await screen.findByText('Login page, from /dashboard/make-admin?tab=all'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('offers a retry when the session cannot be checked', async () => {
    mockApi({ 'GET /api/auth/get-session': () => apiError(503, 'Down') });
    renderGuarded('/dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not check your sign-in');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('RequireAdmin', () => {
  it('lets an admin in', async () => {
    const api = mockApi({
      'GET /api/auth/get-session': () =>
        json(sessionFor({ name: 'Ada', email: 'ada@example.com', role: 'admin' })),
      'GET /api/admin/ada%40example.com': () => json({ admin: true }),
    });
    renderGuarded('/dashboard/make-admin');
    expect(await screen.findByText('Make admin page')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/sign-out')).toHaveLength(0);
  });

  it('signs a non-admin out and sends them to /login with a toast', async () => {
    localStorage.setItem('accessToken', 'old');
    let signedIn = true;
    const api = mockApi({
      'GET /api/auth/get-session': () => json(signedIn ? customer : null),
      'GET /api/admin/jane%40example.com': () => json({ admin: false }),
      'POST /api/auth/sign-out': () => {
        signedIn = false;
        return json({ success: true });
      },
    });
    const { router, client } = renderGuarded('/dashboard/make-admin');

    expect(await screen.findByText('Login page, from /dashboard/make-admin')).toBeInTheDocument();
    expect(screen.queryByText('Make admin page')).toBeNull();
    expect(api.callsTo('POST', '/api/auth/sign-out')).toHaveLength(1);
    expect(toast.error).toHaveBeenCalledWith(ADMIN_ONLY_MESSAGE);
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(client.getQueryData(['session'])).toBeNull());
    expect(client.getQueryData(['admin', 'jane@example.com'])).toBeUndefined();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });
});
