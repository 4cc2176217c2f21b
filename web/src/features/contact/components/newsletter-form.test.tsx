import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALREADY_SUBSCRIBED, NewsletterForm, SUBSCRIBED } from './newsletter-form.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn() } }));

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <NewsletterForm />
    </QueryClientProvider>,
  );
}

beforeEach(() => vi.mocked(toast.success).mockClear());
afterEach(() => vi.restoreAllMocks());

describe('NewsletterForm', () => {
  it('validates the address with the contract messages', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    const user = userEvent.setup();
    renderForm();
    const email = screen.getByLabelText('Your email address');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Email is Required')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Email is Required');

    await user.type(email, 'nope@');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Provide a Valid Email')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('subscribes and resets the box', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(jsonResponse({ acknowledged: true, alreadySubscribed: false }));
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Your email address'), 'New@Example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(SUBSCRIBED));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/newsletter');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'new@example.com' });
    await waitFor(() => expect(screen.getByLabelText('Your email address')).toHaveValue(''));
  });

  it('says so politely when the address is already subscribed', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse({ acknowledged: true, alreadySubscribed: true }),
    );
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Your email address'), 'old@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(ALREADY_SUBSCRIBED));
    expect(toast.success).toHaveBeenCalledTimes(1);
  });

  it('shows a server error inline', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Your email address'), 'a@b.co');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Cannot reach the shop. Check your connection and try again.',
    );
    expect(toast.success).not.toHaveBeenCalled();
  });
});
