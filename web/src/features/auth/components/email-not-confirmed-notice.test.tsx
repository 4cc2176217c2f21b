import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockApi, type Routes } from '../../../test/mock-api.ts';
import {
  confirmationLinkError,
  EmailNotConfirmedNotice,
  linkSentMessage,
  NOTICE_HEADING,
  RESEND_LABEL,
  type UnconfirmedUser,
} from './email-not-confirmed-notice.tsx';

const jane: UnconfirmedUser = { email: 'jane@example.com', emailVerified: false, role: 'customer' };

function renderNotice(user: UnconfirmedUser, url = '/dashboard/my-orders', routes: Routes = {}) {
  const api = mockApi(routes);
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const router = createMemoryRouter(
    [{ path: '*', element: <EmailNotConfirmedNotice user={user} /> }],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { api };
}

const notice = () => screen.getByRole('region', { name: NOTICE_HEADING });

afterEach(() => vi.restoreAllMocks());

describe('EmailNotConfirmedNotice', () => {
  it('says which address is not confirmed and what needs it', () => {
    renderNotice(jane);
    const region = within(notice());
    expect(region.getByRole('heading', { level: 2, name: NOTICE_HEADING })).toBeInTheDocument();
    expect(notice()).toHaveTextContent(
      'Your address jane@example.com is not confirmed yet. Ordering, paying, reviewing and uploading images need a confirmed address',
    );
    expect(region.getByRole('button', { name: RESEND_LABEL })).toBeEnabled();
    expect(region.getByRole('status')).toBeEmptyDOMElement();
  });

  it('shows nothing once the address is confirmed, nor to an admin', () => {
    const { container } = render(
      <>
        <EmailNotConfirmedNotice user={{ ...jane, emailVerified: true }} />
        <EmailNotConfirmedNotice user={{ ...jane, role: 'admin' }} />
      </>,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('mails the link again, back to this page, showing "..." while it is sent', async () => {
    let answer: (response: Response) => void = () => {};
    const { api } = renderNotice(jane, '/purchase/abc?error=TOKEN_EXPIRED', {
      'POST /api/auth/send-verification-email': () =>
        new Promise<Response>((resolve) => (answer = resolve)),
    });
    expect(notice()).toHaveTextContent('That confirmation link has expired.');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: RESEND_LABEL }));

    expect(await screen.findByRole('button', { name: '...' })).toBeDisabled();
    expect(api.callsTo('POST', '/api/auth/send-verification-email')).toEqual([
      {
        method: 'POST',
        path: '/api/auth/send-verification-email',
        body: { email: 'jane@example.com', callbackURL: '/purchase/abc' },
      },
    ]);

    answer(json({ status: true }));
    expect(await screen.findByText(linkSentMessage('jane@example.com'))).toBe(
      within(notice()).getByRole('status'),
    );
    expect(screen.getByRole('button', { name: RESEND_LABEL })).toBeEnabled();
    // The old link's error is moot now.
    expect(notice()).not.toHaveTextContent('expired');
  });

  it("shows the server's message when asked too often (429)", async () => {
    renderNotice(jane, '/dashboard', {
      'POST /api/auth/send-verification-email': () =>
        apiError(429, 'Please wait a minute before asking for another link.', 'Too Many Requests'),
    });
    await userEvent.setup().click(screen.getByRole('button', { name: RESEND_LABEL }));
    expect(await within(notice()).findByRole('status')).toHaveTextContent(
      'Please wait a minute before asking for another link.',
    );
    expect(screen.getByRole('button', { name: RESEND_LABEL })).toBeEnabled();
  });

  it('explains an expired or wrong link from the ?error= it came back with', () => {
    renderNotice(jane, '/dashboard?error=INVALID_TOKEN');
    expect(notice()).toHaveTextContent(
      'That confirmation link is not valid. Send yourself a new one below.',
    );
    expect(confirmationLinkError('TOKEN_EXPIRED')).toMatch(/expired/);
    expect(confirmationLinkError('toString')).toBeNull();
    expect(confirmationLinkError(null)).toBeNull();
  });
});
