import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockApi, sessionFor, type Routes } from '../../../test/mock-api.ts';
import { RESET_LINK_SENT } from './forgot-password-form.tsx';
import { LoginPage } from './login-page.tsx';
import { confirmationLinkSent } from './sign-up-panel.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const ALL_PROVIDERS = { google: true, github: true, facebook: true };

/** Signed out until a sign-in or sign-up succeeds, like the server's cookie. */
function authRoutes(extra: Routes = {}): Routes {
  let signedIn = false;
  return {
    'GET /api/auth/get-session': () =>
      json(signedIn ? sessionFor({ name: 'Jane Doe', email: 'jane@example.com' }) : null),
    'GET /api/auth-providers': () => json(ALL_PROVIDERS),
    'POST /api/auth/sign-in/email': () => {
      signedIn = true;
      return json({ user: { id: 'u1', email: 'jane@example.com' }, redirect: false });
    },
    'POST /api/auth/sign-up/email': () => {
      signedIn = true;
      return json({ user: { id: 'u1', email: 'jane@example.com', name: 'Jane Doe' }, token: 't' });
    },
    ...extra,
  };
}

function renderLogin(entry: InitialEntry = '/login') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: '/login', Component: LoginPage },
      { path: '/', element: <p>Home page</p> },
      { path: '/dashboard/my-orders', element: <p>My orders page</p> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, client };
}

const signUpForm = () => screen.getByRole('form', { name: 'Create Account' });
const signInForm = () => screen.getByRole('form', { name: 'Sign in' });

async function switchToSignIn(user: ReturnType<typeof userEvent.setup>) {
  // The desktop overlay and the small-screen line both offer the switch.
  await user.click(screen.getAllByRole('button', { name: 'Sign in instead' })[0]!);
  return signInForm();
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.mocked(toast.success).mockClear();
});

describe('LoginPage', () => {
  it('starts in sign-up mode with one h1 and the page title', async () => {
    mockApi(authRoutes());
    renderLogin();
    expect(await screen.findByRole('heading', { level: 2, name: 'Create Account' })).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('Login | Partsmith'));
    const form = within(signUpForm());
    expect(form.getByLabelText('Your Name')).toHaveAttribute('autocomplete', 'name');
    expect(form.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
    expect(form.getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password');
    // The sign-in half is out of reach until the panel slides.
    expect(screen.queryByRole('form', { name: 'Sign in' })).toBeNull();
    expect(document.getElementById('signin-heading')?.closest('section')).toHaveAttribute('inert');
  });

  it('shows the contract message under each bad sign-up field and sends nothing', async () => {
    const api = mockApi(authRoutes());
    const user = userEvent.setup();
    renderLogin();
    const form = within(signUpForm());
    await user.click(form.getByRole('button', { name: 'Sign Up' }));

    expect(await form.findByText('Name is Required')).toBeInTheDocument();
    expect(form.getByLabelText('Your Name')).toHaveAccessibleDescription('Name is Required');
    expect(form.getByLabelText('Email')).toHaveAccessibleDescription('Email is Required');
    expect(form.getByLabelText('Password')).toHaveAccessibleDescription('Password is Required');
    expect(form.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');

    await user.type(form.getByLabelText('Email'), 'not-an-email');
    await user.type(form.getByLabelText('Password'), 'short');
    await user.click(form.getByRole('button', { name: 'Sign Up' }));
    expect(await form.findByText('Provide a Valid Email')).toBeInTheDocument();
    expect(form.getByText('Must be eight characters or longer')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/sign-up/email')).toHaveLength(0);
  });

  it('posts the sign-up body, shows "..." while pending, then goes home and says a link was mailed', async () => {
    let answer: (response: Response) => void = () => {};
    let signedIn = false;
    const api = mockApi(
      authRoutes({
        'GET /api/auth/get-session': () =>
          json(signedIn ? sessionFor({ name: 'Jane Doe', email: 'jane@example.com' }) : null),
        'POST /api/auth/sign-up/email': () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      }),
    );
    const user = userEvent.setup();
    const { router } = renderLogin();
    const form = within(signUpForm());
    await user.type(form.getByLabelText('Your Name'), '  Jane Doe ');
    await user.type(form.getByLabelText('Email'), 'Jane@Example.COM');
    await user.type(form.getByLabelText('Password'), 'correct horse');
    await user.click(form.getByRole('button', { name: 'Sign Up' }));

    const busy = await form.findByRole('button', { name: '...' });
    expect(busy).toBeDisabled();
    expect(api.callsTo('POST', '/api/auth/sign-up/email')[0]?.body).toEqual({
      name: 'Jane Doe',
      email: 'jane@example.com',
      password: 'correct horse',
      // The confirmation link comes back where the panel sends her now.
      callbackURL: '/',
    });
    expect(toast.success).not.toHaveBeenCalled();

    signedIn = true;
    answer(json({ user: { id: 'u1', email: 'jane@example.com', name: 'Jane Doe' }, token: 't' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        'We sent a confirmation link to jane@example.com. Open it to confirm your address.',
      ),
    );
  });

  it("sends the page she came from as the confirmation link's way back, and returns her there", async () => {
    const api = mockApi(authRoutes());
    const user = userEvent.setup();
    const { router } = renderLogin({
      pathname: '/login',
      state: { from: '/dashboard/my-orders' },
    });
    const form = within(signUpForm());
    await user.type(form.getByLabelText('Your Name'), 'Jane Doe');
    await user.type(form.getByLabelText('Email'), 'jane@example.com');
    await user.type(form.getByLabelText('Password'), 'correct horse');
    await user.click(form.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText('My orders page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/my-orders');
    expect(api.callsTo('POST', '/api/auth/sign-up/email')[0]?.body).toMatchObject({
      callbackURL: '/dashboard/my-orders',
    });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(confirmationLinkSent('jane@example.com')),
    );
  });

  it('does not say a link was mailed when the sign-up is refused', async () => {
    mockApi(
      authRoutes({
        'POST /api/auth/sign-up/email': () =>
          apiError(422, 'User already exists. Use another email.'),
      }),
    );
    const user = userEvent.setup();
    renderLogin();
    const form = within(signUpForm());
    await user.type(form.getByLabelText('Your Name'), 'Jane Doe');
    await user.type(form.getByLabelText('Email'), 'jane@example.com');
    await user.type(form.getByLabelText('Password'), 'correct horse');
    await user.click(form.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('User already exists');
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("shows the server's message in the pill when sign-in is refused", async () => {
    mockApi(
      authRoutes({
        'POST /api/auth/sign-in/email': () => apiError(401, 'Invalid email or password'),
      }),
    );
    const user = userEvent.setup();
    renderLogin();
    const form = within(await switchToSignIn(user));
    expect(form.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    await user.type(form.getByLabelText('Email'), 'jane@example.com');
    await user.type(form.getByLabelText('Password'), 'wrong password');
    await user.click(form.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(form.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('goes back to state.from after signing in', async () => {
    const api = mockApi(authRoutes());
    const user = userEvent.setup();
    const { router } = renderLogin({
      pathname: '/login',
      state: { from: '/dashboard/my-orders' },
    });
    const form = within(await switchToSignIn(user));
    await user.type(form.getByLabelText('Email'), 'jane@example.com');
    await user.type(form.getByLabelText('Password'), 'correct horse');
    await user.click(form.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('My orders page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/my-orders');
    expect(api.callsTo('POST', '/api/auth/sign-in/email')[0]?.body).toEqual({
      email: 'jane@example.com',
      password: 'correct horse',
    });
  });

  it('sends a visitor who is signed in already to ?from=, but never to another site', async () => {
    mockApi({
      'GET /api/auth/get-session': () => json(sessionFor({ name: 'Jo', email: 'jo@example.com' })),
      'GET /api/auth-providers': () => json(ALL_PROVIDERS),
    });
    const first = renderLogin('/login?from=%2Fdashboard%2Fmy-orders');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/dashboard/my-orders'));
  });

  it('ignores a ?from= that leaves the shop', async () => {
    mockApi({
      'GET /api/auth/get-session': () => json(sessionFor({ name: 'Jo', email: 'jo@example.com' })),
      'GET /api/auth-providers': () => json(ALL_PROVIDERS),
    });
    const { router } = renderLogin('/login?from=%2F%2Fevil.example%2Fphish');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('says an unconfigured provider is not set up, without a request', async () => {
    const api = mockApi(
      authRoutes({
        'GET /api/auth-providers': () => json({ google: false, github: true, facebook: true }),
      }),
    );
    const user = userEvent.setup();
    const { client } = renderLogin();
    await waitFor(() => expect(client.getQueryData(['auth-providers'])).toBeDefined());
    await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Google sign-in is not set up on this shop.',
    );
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('starts a configured provider with same-origin callback paths', async () => {
    const api = mockApi(
      authRoutes({
        'POST /api/auth/sign-in/social': () =>
          json({ url: 'https://github.example/login/oauth/authorize?x=1', redirect: true }),
      }),
    );
    const assigned: string[] = [];
    vi.stubGlobal('location', {
      ...window.location,
      origin: 'http://localhost',
      set href(value: string) {
        assigned.push(value);
      },
    });
    const user = userEvent.setup();
    renderLogin({ pathname: '/login', state: { from: '/dashboard/my-orders' } });
    await user.click(screen.getByRole('button', { name: 'Sign in with GitHub' }));

    await waitFor(() => expect(api.callsTo('POST', '/api/auth/sign-in/social')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/auth/sign-in/social')[0]?.body).toEqual({
      provider: 'github',
      callbackURL: '/dashboard/my-orders',
      errorCallbackURL: '/login?from=%2Fdashboard%2Fmy-orders',
    });
    await waitFor(() =>
      expect(assigned).toEqual(['https://github.example/login/oauth/authorize?x=1']),
    );
  });

  it('asks the social endpoint for Google too, and shows its error in the pill', async () => {
    const api = mockApi(
      authRoutes({
        'POST /api/auth/sign-in/social': () => apiError(400, 'Provider not found'),
      }),
    );
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Provider not found');
    expect(api.callsTo('POST', '/api/auth/sign-in/social')[0]?.body).toEqual({
      provider: 'google',
      callbackURL: '/',
      errorCallbackURL: '/login?from=%2F',
    });
  });

  it('shows the error a provider sent back in the pill', async () => {
    mockApi(authRoutes());
    renderLogin('/login?error=unknown_problem&from=%2Fdashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sign-in with the provider failed: unknown_problem',
    );
  });

  it('sends a reset link from the inline form', async () => {
    const api = mockApi(
      authRoutes({ 'POST /api/auth/request-password-reset': () => json({ status: true }) }),
    );
    const user = userEvent.setup();
    renderLogin();
    const form = within(await switchToSignIn(user));
    await user.type(form.getByLabelText('Email'), 'jane@example.com');
    await user.click(form.getByRole('button', { name: 'Forgot your password?' }));

    const reset = within(screen.getByRole('form', { name: 'Reset your password' }));
    expect(reset.getByLabelText('Email')).toHaveValue('jane@example.com');
    await user.click(reset.getByRole('button', { name: 'Send reset link' }));
    expect(await reset.findByText(RESET_LINK_SENT)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/request-password-reset')[0]?.body).toEqual({
      email: 'jane@example.com',
      redirectTo: '/reset-password',
    });

    await user.click(reset.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('button', { name: 'Forgot your password?' })).toHaveFocus();
  });

  it('moves focus to the form that slides in', async () => {
    mockApi(authRoutes());
    const user = userEvent.setup();
    renderLogin();
    await switchToSignIn(user);
    expect(screen.getByRole('heading', { name: 'Sign in' })).toHaveFocus();
    await user.click(screen.getAllByRole('button', { name: 'Create an account' })[0]!);
    expect(screen.getByRole('heading', { name: 'Create Account' })).toHaveFocus();
  });
});
