import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_SUCCESS, ContactForm } from './contact-form.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn() } }));

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function renderForm(props: Partial<Parameters<typeof ContactForm>[0]> = {}) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ContactForm idPrefix="test" {...props} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('ContactForm', () => {
  it('ties labels to the fields, using idPrefix for the ids', () => {
    renderForm();
    expect(screen.getByLabelText('Email address')).toHaveAttribute('id', 'test-email');
    expect(screen.getByLabelText('Subject')).toHaveAttribute('id', 'test-subject');
    const message = screen.getByLabelText('Message');
    expect(message).toHaveAttribute('id', 'test-message');
    expect(message.tagName).toBe('TEXTAREA');
  });

  it('shows the contract messages under each field and sends nothing', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Contact Us' }));

    const email = screen.getByLabelText('Email address');
    expect(await screen.findByText('Email is Required')).toHaveAttribute('id', 'test-email-error');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Email is Required');
    expect(screen.getByLabelText('Subject')).toHaveAccessibleDescription('Subject is Required');
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription(
      'Please write at least 10 characters',
    );

    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Contact Us' }));
    expect(await screen.findByText('Provide a Valid Email')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the right body, thanks the visitor and resets the form', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        jsonResponse({ acknowledged: true, insertedId: '5f1c9a7e-2b4d-4c8e-9f10-1a2b3c4d5e6f' }),
      );
    const user = userEvent.setup();
    renderForm({ defaultSubject: 'Request for quote' });

    expect(screen.getByLabelText('Subject')).toHaveValue('Request for quote');
    await user.type(screen.getByLabelText('Email address'), ' Buyer@Example.COM ');
    await user.type(screen.getByLabelText('Message'), 'We need 40 DDR5 kits by May.');
    await user.click(screen.getByRole('button', { name: 'Contact Us' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(CONTACT_SUCCESS));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/contact');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'buyer@example.com',
      subject: 'Request for quote',
      message: 'We need 40 DDR5 kits by May.',
    });
    await waitFor(() => expect(screen.getByLabelText('Email address')).toHaveValue(''));
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(screen.getByLabelText('Subject')).toHaveValue('Request for quote');
  });

  it('disables the button while sending and shows the server message in an alert', async () => {
    let answer: (r: Response) => void = () => {};
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Email address'), 'a@b.co');
    await user.type(screen.getByLabelText('Subject'), 'Hello');
    await user.type(screen.getByLabelText('Message'), 'A message long enough.');
    await user.click(screen.getByRole('button', { name: 'Contact Us' }));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Contact Us' })).toBeDisabled());
    answer(
      jsonResponse(
        { statusCode: 429, error: 'Too Many Requests', message: 'Slow down, please.' },
        429,
      ),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Slow down, please.');
    expect(screen.getByRole('button', { name: 'Contact Us' })).toBeEnabled();
    // What the visitor wrote is kept, so they can send it again.
    expect(screen.getByLabelText('Message')).toHaveValue('A message long enough.');
  });

  it('renders an optional heading that names the form', () => {
    renderForm({ heading: 'Write to sales' });
    expect(screen.getByRole('form', { name: 'Write to sales' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Write to sales' })).toHaveAttribute(
      'id',
      'test-heading',
    );
  });
});
