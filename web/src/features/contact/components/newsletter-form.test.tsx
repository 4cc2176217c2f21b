import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NewsletterForm } from './newsletter-form.tsx';

/** The server's answer, the same whether or not the address is on the list already. */
const CHECK_YOUR_INBOX =
  'Thank you! Open the link we sent to your address to confirm your subscription.';

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

  it("subscribes, toasts the server's message and resets the box", async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(jsonResponse({ acknowledged: true, message: CHECK_YOUR_INBOX }));
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Your email address'), 'New@Example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(CHECK_YOUR_INBOX));
    expect(toast.success).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/newsletter');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'new@example.com' });
    await waitFor(() => expect(screen.getByLabelText('Your email address')).toHaveValue(''));
  });

  it("shows the server's message inline when asked too often (429)", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse(
        {
          statusCode: 429,
          error: 'Too Many Requests',
          message: 'Too many sign-ups from here. Please try again in a minute.',
        },
        429,
      ),
    );
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Your email address'), 'old@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many sign-ups from here. Please try again in a minute.',
    );
    expect(toast.success).not.toHaveBeenCalled();
    // What was typed stays, to send again later.
    expect(screen.getByLabelText('Your email address')).toHaveValue('old@example.com');
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
