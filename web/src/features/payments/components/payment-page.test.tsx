import { EMAIL_NOT_CONFIRMED_MESSAGE } from '@partsmith/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadStripe } from '@stripe/stripe-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json } from '../../../test/mock-api.ts';
import { PAYMENT_SUCCESS } from './payment-page.tsx';
import {
  intentAnswer,
  jane,
  ORDER_ID,
  payButton,
  renderPage,
  SECRET,
  unpaid,
} from './payment-page.testing.tsx';
import { TEST_MODE_NOTE } from './test-card-form.tsx';

// Stripe's libraries, replaced by stand-ins: the test-mode page must never load them.
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

async function fillCard(number: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry (MM / YY)'), '1234');
  await user.type(screen.getByLabelText('CVC'), '123');
  return user;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(loadStripe).mockClear();
  stripe.confirmCardPayment.mockReset();
});

describe('PaymentPage with the test processor', () => {
  it('shows the summary and keeps Pay disabled until the client secret exists', async () => {
    let answer: (response: Response) => void = () => {};
    const { api } = renderPage({
      'POST /api/create-payment-intent': () => new Promise((resolve) => (answer = resolve)),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Jane Doe' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Ryzen 7 8-core CPU' })).toBeInTheDocument();
    expect(screen.getByText('Eight cores and sixteen threads.')).toBeInTheDocument();
    expect(screen.getByText('Quantity').nextSibling).toHaveTextContent('2');
    expect(screen.getByText(/Please pay:/)).toHaveTextContent('Please pay: $579.00');
    await waitFor(() =>
      expect(document.title).toBe('Pay for order PS-O-000042: Ryzen 7 8-core CPU | Partsmith'),
    );
    expect(
      screen.getByText('Please pay for your order PS-O-000042 of Ryzen 7 8-core CPU.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('PS-O-000042', { selector: '#summary-heading + p span' }),
    ).toBeInTheDocument();

    expect(await screen.findByText(TEST_MODE_NOTE)).toBeVisible();
    expect(screen.getByLabelText('Name on card')).toHaveValue('Jane Doe');
    const number = screen.getByLabelText('Card number');
    expect(number).toHaveAttribute('autocomplete', 'cc-number');
    expect(number).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByLabelText('Expiry (MM / YY)')).toHaveAttribute('autocomplete', 'cc-exp');
    expect(screen.getByLabelText('CVC')).toHaveAttribute('autocomplete', 'cc-csc');

    expect(payButton()).toBeDisabled();
    expect(payButton()).toHaveAccessibleDescription('Preparing a secure payment…');
    await waitFor(() => expect(api.callsTo('POST', '/api/create-payment-intent')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/create-payment-intent')[0]?.body).toEqual({
      orderId: ORDER_ID,
    });

    answer(intentAnswer());
    await waitFor(() => expect(payButton()).toBeEnabled());
    expect(api.callsTo('POST', '/api/create-payment-intent')).toHaveLength(1);
  });

  it('shows a declined card in red under the form and records nothing', async () => {
    const { api } = renderPage({
      'POST /api/test-payments/confirm': () => apiError(402, 'Your card was declined.'),
    });
    const user = await fillCard('4000000000000002');
    await waitFor(() => expect(payButton()).toBeEnabled());
    await user.click(payButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(alert).toHaveClass('text-error');
    expect(api.callsTo('PATCH', `/api/purchase/${ORDER_ID}`)).toHaveLength(0);
    expect(screen.queryByText(PAYMENT_SUCCESS)).toBeNull();
    expect(payButton()).toBeEnabled();
  });

  it('pays with 4242, records the payment and shows the transaction id', async () => {
    let order = unpaid;
    const { api, client } = renderPage({
      [`GET /api/purchase/${ORDER_ID}`]: () => json(order),
      'POST /api/test-payments/confirm': () => json({ id: 'pi_test_4242', status: 'succeeded' }),
      [`PATCH /api/purchase/${ORDER_ID}`]: () => {
        order = { ...unpaid, paid: true, transactionId: 'pi_test_4242' };
        return json({
          acknowledged: true,
          modifiedCount: 1,
          paid: true,
          transactionId: 'pi_test_4242',
        });
      },
    });
    const user = await fillCard('4242424242424242');
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText('Expiry (MM / YY)')).toHaveValue('12 / 34');
    await waitFor(() => expect(payButton()).toBeEnabled());
    await user.click(payButton());

    const status = await screen.findByText(PAYMENT_SUCCESS);
    expect(status.closest('[role="status"]')).toHaveTextContent(
      `${PAYMENT_SUCCESS}Your transaction id: pi_test_4242`,
    );
    expect(status).toHaveFocus();
    expect(api.callsTo('POST', '/api/test-payments/confirm').map((call) => call.body)).toEqual([
      {
        clientSecret: SECRET,
        number: '4242424242424242',
        expiry: '12 / 34',
        cvc: '123',
        name: 'Jane Doe',
        email: 'jane@example.com',
      },
    ]);
    expect(api.callsTo('PATCH', `/api/purchase/${ORDER_ID}`).map((call) => call.body)).toEqual([
      { transactionId: 'pi_test_4242' },
    ]);
    // No second payment: the form is gone; the order (here and in My Orders) is refetched.
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(client.getQueryState(['orders', 'list', jane.email])?.isInvalidated).toBe(true);
    await waitFor(() => expect(api.callsTo('GET', `/api/purchase/${ORDER_ID}`)).toHaveLength(2));
    const summary = within(screen.getByRole('region', { name: 'Ryzen 7 8-core CPU' }));
    expect(await summary.findByText('Paid')).toBeInTheDocument();
    expect(screen.getByText(PAYMENT_SUCCESS)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/create-payment-intent')).toHaveLength(1);
    expect(loadStripe).not.toHaveBeenCalled();
  });

  it('offers to record the payment again when recording it failed', async () => {
    let fail = true;
    const { api } = renderPage({
      'POST /api/test-payments/confirm': () => json({ id: 'pi_test_4242', status: 'succeeded' }),
      [`PATCH /api/purchase/${ORDER_ID}`]: () =>
        fail
          ? apiError(502, 'bad gateway')
          : json({
              acknowledged: true,
              modifiedCount: 1,
              paid: true,
              transactionId: 'pi_test_4242',
            }),
    });
    const user = await fillCard('4242424242424242');
    await waitFor(() => expect(payButton()).toBeEnabled());
    await user.click(payButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your card was charged, but we could not record the payment',
    );
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(PAYMENT_SUCCESS)).toBeInTheDocument();
    expect(api.callsTo('PATCH', `/api/purchase/${ORDER_ID}`).map((call) => call.body)).toEqual([
      { transactionId: 'pi_test_4242' },
      { transactionId: 'pi_test_4242' },
    ]);
    expect(api.callsTo('POST', '/api/test-payments/confirm')).toHaveLength(1);
  });

  it("shows the server's message when the address is not confirmed yet (403), with no way to pay", async () => {
    const { api } = renderPage({
      'POST /api/create-payment-intent': () =>
        apiError(403, EMAIL_NOT_CONFIRMED_MESSAGE, 'Forbidden'),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `We could not start the payment: ${EMAIL_NOT_CONFIRMED_MESSAGE}`,
    );
    expect(payButton()).toBeDisabled();
    expect(api.callsTo('POST', '/api/test-payments/confirm')).toHaveLength(0);
  });

  it("shows the server's message when asked too often (429)", async () => {
    renderPage({
      'POST /api/create-payment-intent': () =>
        apiError(429, 'Too many payment attempts. Try again in a minute.', 'Too Many Requests'),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not start the payment: Too many payment attempts. Try again in a minute.',
    );
  });

  it("shows the server's message when recording the payment is refused (403)", async () => {
    renderPage({
      'POST /api/test-payments/confirm': () => json({ id: 'pi_test_4242', status: 'succeeded' }),
      [`PATCH /api/purchase/${ORDER_ID}`]: () =>
        apiError(403, EMAIL_NOT_CONFIRMED_MESSAGE, 'Forbidden'),
    });
    const user = await fillCard('4242424242424242');
    await waitFor(() => expect(payButton()).toBeEnabled());
    await user.click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(EMAIL_NOT_CONFIRMED_MESSAGE);
    expect(screen.queryByText(PAYMENT_SUCCESS)).toBeNull();
  });

  it('shows the contract messages for an incomplete card and sends nothing', async () => {
    const { api } = renderPage({});
    const user = userEvent.setup();
    await screen.findByLabelText('Card number');
    await waitFor(() => expect(payButton()).toBeEnabled());
    await user.click(payButton());
    expect(await screen.findByLabelText('Card number')).toHaveAccessibleDescription(
      'Card number is Required',
    );
    expect(screen.getByLabelText('Expiry (MM / YY)')).toHaveAccessibleDescription(
      'Expiry must look like MM / YY',
    );
    expect(screen.getByLabelText('CVC')).toHaveAccessibleDescription('CVC must be 3 or 4 digits');
    expect(api.callsTo('POST', '/api/test-payments/confirm')).toHaveLength(0);
  });

  it('shows a paid order with its transaction id and no form', async () => {
    const { api } = renderPage({
      [`GET /api/purchase/${ORDER_ID}`]: () =>
        json({ ...unpaid, paid: true, transactionId: 'pi_paid_before' }),
    });
    expect(await screen.findByText('This order is paid. Thank you!')).toBeInTheDocument();
    expect(screen.getByText('pi_paid_before')).toBeInTheDocument();
    expect(screen.getByText(/Total paid:/)).toHaveTextContent('Total paid: $579.00');
    expect(screen.queryByRole('form', { name: 'Card payment' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(api.callsTo('POST', '/api/create-payment-intent')).toHaveLength(0);
  });

  it("lists an order's parts when it has several, each with its own price", async () => {
    renderPage({
      [`GET /api/purchase/${ORDER_ID}`]: () =>
        json({
          ...unpaid,
          name: 'Ryzen 7 8-core CPU and 1 more',
          quantity: 6,
          total: 1059,
          lines: [
            {
              partId: null,
              name: 'Ryzen 7 8-core CPU',
              image: '/a.svg',
              price: 289.5,
              quantity: 2,
              total: 579,
            },
            {
              partId: null,
              name: 'DDR5 kit',
              image: '/b.svg',
              price: 120,
              quantity: 4,
              total: 480,
            },
          ],
        }),
      'POST /api/create-payment-intent': () =>
        json({ clientSecret: SECRET, provider: 'test', amount: 1059 }),
    });
    const list = within(await screen.findByRole('list', { name: 'The parts of this order' }));
    expect(list.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Ryzen 7 8-core CPU2 × $289.50$579.00',
      'DDR5 kit4 × $120.00$480.00',
    ]);
    expect(screen.getByText('Quantity').nextSibling).toHaveTextContent('6');
    expect(screen.queryByText('Unit price')).toBeNull();
    expect(screen.getByText(/Please pay:/)).toHaveTextContent('Please pay: $1,059.00');
  });

  it('shows no list for an order of one part, and where it ships', async () => {
    renderPage({});
    await screen.findByRole('heading', { level: 1, name: 'Hello, Jane Doe' });
    expect(screen.queryByRole('list', { name: 'The parts of this order' })).toBeNull();
    expect(screen.getByText('Unit price').nextSibling).toHaveTextContent('$289.50');
    expect(
      within(screen.getByRole('region', { name: 'Ship to' })).getByText(
        '12 Foundry Lane, Springfield',
      ),
    ).toBeInTheDocument();
    // An order without shipping or tax (the purchase page's): its total alone.
    expect(screen.queryByRole('region', { name: 'How the total adds up' })).toBeNull();
  });

  it('an order shipped by a method and taxed: how its total adds up, then Please pay', async () => {
    renderPage({
      [`GET /api/purchase/${ORDER_ID}`]: () =>
        json({
          ...unpaid,
          subtotal: 579,
          shippingMethod: {
            id: '6f1c1a52-35a6-4d5c-9b0e-0a7f2c1d3e4f',
            name: 'Standard',
            price: 9.9,
            days: { min: 3, max: 5 },
          },
          shipping: 9.9,
          // (579 + 9.90) x 8.25% = 48.58425
          taxes: [{ name: 'Texas sales tax', rate: 8.25, amount: 48.58 }],
          total: 637.48,
          buyerTaxId: 'US-EIN 98-7654321',
          address: 'Jane Receiver, 500 Congress Ave, Austin, TX 78701, United States',
          shipToLines: ['Jane Receiver', '500 Congress Ave', 'Austin, TX 78701', 'United States'],
          phone: '+15125550100',
        }),
      'POST /api/create-payment-intent': () =>
        json({ clientSecret: SECRET, provider: 'test', amount: 637.48 }),
    });
    const sums = await screen.findByRole('region', { name: 'How the total adds up' });
    expect([...sums.querySelectorAll('dl > div')].map((row) => row.textContent)).toEqual([
      'Subtotal$579.00',
      'Shipping (Standard, 3–5 business days)$9.90',
      'Texas sales tax (8.25%)$48.58',
      'Order total$637.48',
    ]);
    expect(screen.getByText(/Please pay:/)).toHaveTextContent('Please pay: $637.48');
    expect(await screen.findByRole('button', { name: 'Pay $637.48' })).toBeInTheDocument();
    // Where it ships, a line each, and the phone to reach the recipient.
    const region = screen.getByRole('region', { name: 'Ship to' });
    expect(region.querySelector('address')).toHaveTextContent(
      'Jane Receiver 500 Congress Ave Austin, TX 78701 United States +1 512 555 0100',
    );
    expect(within(region).getByText('Tax ID: US-EIN 98-7654321')).toBeInTheDocument();
  });

  it('says so when the order does not exist or is not yours', async () => {
    renderPage({ [`GET /api/purchase/${ORDER_ID}`]: () => apiError(404, 'Order not found') });
    expect(
      await screen.findByRole('heading', { name: 'We could not find this order' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Orders' })).toHaveAttribute(
      'href',
      '/dashboard/my-orders',
    );
  });
});
