import type Stripe from 'stripe';
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

/** A client's own error classes (the SDK is imported only when Stripe is configured). */
function stripeError(stripe: Stripe, error: unknown) {
  return error instanceof stripe.errors.StripeError ? error : null;
}

/** Stripe refuses to cancel an intent that succeeded, is processing or is already canceled. */
function isUnexpectedState(stripe: Stripe, error: unknown): boolean {
  return stripeError(stripe, error)?.code === 'payment_intent_unexpected_state';
}

function isMissing(stripe: Stripe, error: unknown): boolean {
  const known = stripeError(stripe, error);
  return known?.statusCode === 404 && known.code === 'resource_missing';
}

/**
 * Stripe through its official SDK: PaymentIntents with the order id in their metadata, created
 * with our idempotency key (the same key answers the same intent), and read back from Stripe
 * whenever the server must know whether a payment succeeded.
 */
export async function createStripeProvider(
  options: StripeProviderOptions,
): Promise<PaymentProvider & { stripe: Stripe }> {
  // Imported here, not at the top: the SDK (~20 MB) loads only on a shop with Stripe keys.
  const { default: Stripe } = await import('stripe');
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
  return stripeProvider(stripe, options.publishableKey);
}

/** The provider over an existing Stripe client (the webhook reuses the app's one). */
export function stripeProvider(
  stripe: Stripe,
  publishableKey: string | null,
): PaymentProvider & { stripe: Stripe } {
  return {
    name: 'stripe',
    publishableKey,
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
        if (isMissing(stripe, error)) return null;
        throw error;
      }
    },
    async cancelPayment(id) {
      try {
        return toProviderPayment(
          await stripe.paymentIntents.cancel(id, { cancellation_reason: 'abandoned' }),
        );
      } catch (error) {
        // Already succeeded, processing or canceled: answer what it is.
        if (isUnexpectedState(stripe, error))
          return toProviderPayment(await stripe.paymentIntents.retrieve(id));
        throw error;
      }
    },
    async refundPayment(id, reason) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: id, metadata: { reason: reason.slice(0, 500) } },
          { idempotencyKey: `refund-${id}` },
        );
        return { refundId: refund.id };
      } catch (error) {
        // Refunded before (and the idempotency key has expired): answer that refund.
        if (stripeError(stripe, error)?.code === 'charge_already_refunded') {
          const refunds = await stripe.refunds.list({ payment_intent: id, limit: 1 });
          if (refunds.data[0]) return { refundId: refunds.data[0].id };
        }
        throw error;
      }
    },
    async refundPart(id, { amountCents, key, reason }) {
      const refund = await stripe.refunds.create(
        { payment_intent: id, amount: amountCents, metadata: { reason: reason.slice(0, 500) } },
        { idempotencyKey: `refund-${id}-${key}` },
      );
      return { refundId: refund.id };
    },
    async listSucceededPayments(sinceSeconds) {
      const found: ProviderPayment[] = [];
      for await (const intent of stripe.paymentIntents.list({
        created: { gte: sinceSeconds },
        limit: 100,
      })) {
        if (intent.status === 'succeeded') found.push(toProviderPayment(intent));
      }
      return found;
    },
  };
}
