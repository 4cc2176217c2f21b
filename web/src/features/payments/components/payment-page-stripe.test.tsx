import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadStripe } from '@stripe/stripe-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/mock-api.ts';
import { PAYMENT_SUCCESS } from './payment-page.tsx';
import { ORDER_ID, payButton, renderPage, SECRET } from './payment-page.testing.tsx';
import { TEST_MODE_NOTE } from './test-card-form.tsx';

// Stripe's libraries, replaced by stand-ins.
const stripe = vi.hoisted(() => ({ confirmCardPayment: vi.fn() }));
const cardElement = vi.hoisted(() => ({ kind: 'card-element' }));
vi.mock('@stripe/stripe-js', () => ({ loadStripe: vi.fn(async () => stripe) }));
vi.mock('@stripe/react-stripe-js', async () => {
  const { useEffect } = await import('react');
  return {
    Elements: ({ children }: { children: React.ReactNode }) => children,
    CardElement: ({ onReady }: { onReady?: () => void }) => {
      useEffect(() => onReady?.(), [onReady]);
      return <div data-testid="card-element" />;
    },
    useStripe: () => stripe,
    useElements: () => ({ getElement: () => cardElement }),
  };
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(loadStripe).mockClear();
  stripe.confirmCardPayment.mockReset();
});

describe('PaymentPage with Stripe', () => {
  it('loads Stripe with the publishable key and confirms the card payment', async () => {
    stripe.confirmCardPayment.mockResolvedValue({
      paymentIntent: { id: 'pi_live_777', status: 'succeeded' },
    });
    const { api } = renderPage({
      'GET /api/payment-config': () => json({ provider: 'stripe', publishableKey: 'pk_test_123' }),
      'POST /api/create-payment-intent': () =>
        json({ clientSecret: SECRET, provider: 'stripe', amount: 579 }),
      [`PATCH /api/purchase/${ORDER_ID}`]: () =>
        json({ acknowledged: true, modifiedCount: 1, paid: true, transactionId: 'pi_live_777' }),
    });
    expect(await screen.findByTestId('card-element')).toBeInTheDocument();
    expect(loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(screen.queryByText(TEST_MODE_NOTE)).toBeNull();
    await waitFor(() => expect(payButton()).toBeEnabled());
    await userEvent.setup().click(payButton());

    expect(await screen.findByText(PAYMENT_SUCCESS)).toBeInTheDocument();
    expect(screen.getByText('pi_live_777')).toBeInTheDocument();
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith(SECRET, {
      payment_method: {
        card: cardElement,
        billing_details: { name: 'Jane Doe', email: 'jane@example.com' },
      },
    });
    expect(api.callsTo('PATCH', `/api/purchase/${ORDER_ID}`)[0]?.body).toEqual({
      transactionId: 'pi_live_777',
    });
  });

  it("shows Stripe's card error and records nothing", async () => {
    stripe.confirmCardPayment.mockResolvedValue({
      error: { message: 'Your card has insufficient funds.' },
    });
    const { api } = renderPage({
      'GET /api/payment-config': () => json({ provider: 'stripe', publishableKey: 'pk_test_123' }),
    });
    await screen.findByTestId('card-element');
    await waitFor(() => expect(payButton()).toBeEnabled());
    await userEvent.setup().click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card has insufficient funds.');
    expect(api.callsTo('PATCH', `/api/purchase/${ORDER_ID}`)).toHaveLength(0);
  });
});
