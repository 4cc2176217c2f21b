import Stripe from 'stripe';
import type { PaymentProvider, PaymentStatus, ProviderPayment } from './provider.ts';

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  /** Another Stripe-speaking server (tests run one on loopback); Stripe's own API otherwise. */
  apiBase?: { host: string; port: number; protocol: 'http' | 'https' };
}

const STATUSES: ReadonlySet<string> = new Set<PaymentStatus>([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
  'succeeded',
]);

/** Stripe's PaymentIntent ids: `pi_` and letters/digits. A client secret (`pi_…_secret_…`) is not one. */
const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9]{1,250}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Stripe's PaymentIntent as our ProviderPayment. A succeeded intent counts what Stripe received,
 * not what was asked; a status this code does not know yet counts as not finished ('processing');
 * an orderId that is not one of our ids (we only ever put order UUIDs there) names no order.
 */
export function toProviderPayment(intent: Stripe.PaymentIntent): ProviderPayment {
  const status: PaymentStatus = STATUSES.has(intent.status)
    ? (intent.status as PaymentStatus)
    : 'processing';
  const orderId = intent.metadata?.orderId;
  return {
    id: intent.id,
    status,
    amountCents:
      status === 'succeeded' && typeof intent.amount_received === 'number'
        ? intent.amount_received
        : intent.amount,
    currency: intent.currency,
    orderId: typeof orderId === 'string' && UUID.test(orderId) ? orderId.toLowerCase() : null,
    clientSecret: intent.client_secret ?? '',
  };
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeError &&
    error.statusCode === 404 &&
    error.code === 'resource_missing'
  );
}

/**
 * Stripe through its official SDK: PaymentIntents with the order id in their metadata, created
 * with our idempotency key (the same key answers the same intent), and read back from Stripe
 * whenever the server must know whether a payment succeeded.
 */
export function createStripeProvider(
  options: StripeProviderOptions,
): PaymentProvider & { stripe: Stripe } {
  const stripe = new Stripe(options.secretKey, {
    ...(options.apiBase
      ? {
          host: options.apiBase.host,
          port: options.apiBase.port,
          protocol: options.apiBase.protocol,
        }
      : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
  });

  return {
    name: 'stripe',
    publishableKey: options.publishableKey,
    stripe,
    async createPayment({
      orderId,
      amountCents,
      currency,
      idempotencyKey,
      receiptEmail,
      description,
    }) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency,
          metadata: { orderId },
          receipt_email: receiptEmail,
          description,
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        },
        { idempotencyKey },
      );
      return toProviderPayment(intent);
    },
    async retrievePayment(id) {
      if (!PAYMENT_INTENT_ID.test(id)) return null;
      try {
        return toProviderPayment(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
  };
}
