import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockApi } from '../../../test/mock-api.ts';
import { PASSWORD_CHANGED, ResetPasswordPage } from './reset-password-page.tsx';

function renderReset(path: string) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/reset-password', Component: ResetPasswordPage },
      { path: '/login', element: <p>Login page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => vi.restoreAllMocks());

describe('ResetPasswordPage', () => {
  it('checks the two fields, sends the new password with the token and confirms', async () => {
    const api = mockApi({ 'POST /api/auth/reset-password': () => json({ status: true }) });
    const user = userEvent.setup();
    renderReset('/reset-password?token=tok123');
    await waitFor(() => expect(document.title).toBe('Reset password | Partsmith'));
    const form = within(screen.getByRole('form', { name: 'Choose a new password' }));
    const password = form.getByLabelText('New password');
    expect(password).toHaveAttribute('autocomplete', 'new-password');

    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(password).toHaveAccessibleDescription('Password is Required');
    await user.type(password, 'brand new secret');
    await user.type(form.getByLabelText('Repeat the new password'), 'brand new secre');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByText('The passwords do not match')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);

    await user.type(form.getByLabelText('Repeat the new password'), 't');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(PASSWORD_CHANGED)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/reset-password')[0]?.body).toEqual({
      newPassword: 'brand new secret',
      token: 'tok123',
    });
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
  });

  it('explains a used or expired link and offers a new one', async () => {
    const user = userEvent.setup();
    const router = renderReset('/reset-password?error=INVALID_TOKEN');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'This reset link does not work',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('already used, has expired');
    await user.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ mode: 'signin', forgot: true });
  });

  it('treats a link without a token as invalid', () => {
    renderReset('/reset-password');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeInTheDocument();
  });

  it('switches to the invalid-link state when the server rejects the token', async () => {
    mockApi({ 'POST /api/auth/reset-password': () => apiError(400, 'Invalid token') });
    const user = userEvent.setup();
    renderReset('/reset-password?token=used');
    await user.type(screen.getByLabelText('New password'), 'brand new secret');
    await user.type(screen.getByLabelText('Repeat the new password'), 'brand new secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('link', { name: 'Ask for a new link' })).toBeInTheDocument();
  });
});
