/**
 * A card payment provider: Stripe in production, the built-in test processor otherwise. The
 * server never trusts the browser about a payment: it asks the provider.
 */
export type PaymentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export interface ProviderPayment {
  id: string;
  status: PaymentStatus;
  amountCents: number;
  currency: string;
  /** The order id we put in the payment's metadata when creating it. */
  orderId: string | null;
  clientSecret: string;
}

export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  /** Stripe's publishable key for the browser (null for the test processor). */
  readonly publishableKey: string | null;
  /**
   * Creates (or, for the same idempotency key, returns again) a payment for an order's total.
   * The order id goes into the payment's metadata.
   */
  createPayment(input: {
    orderId: string;
    amountCents: number;
    currency: 'usd';
    idempotencyKey: string;
    receiptEmail: string;
    description: string;
  }): Promise<ProviderPayment>;
  /** The provider's own record of a payment; null when it does not exist. */
  retrievePayment(id: string): Promise<ProviderPayment | null>;
  /**
   * Cancels a payment that has not succeeded, and answers the payment as it is afterwards: a
   * payment that already succeeded is answered with status 'succeeded' (it cannot be canceled),
   * one that is being processed with its status. Cancelling a canceled payment is a no-op.
   */
  cancelPayment(id: string): Promise<ProviderPayment>;
  /**
   * Refunds a succeeded payment in full (what its partial refunds left). Idempotent per payment:
   * one refund, the same id.
   */
  refundPayment(id: string, reason: string): Promise<{ refundId: string }>;
  /**
   * Refunds part of a succeeded payment: `amountCents`, at most what is left of it. Idempotent
   * per `key` (the same key answers the same refund).
   */
  refundPart(
    id: string,
    part: { amountCents: number; key: string; reason: string },
  ): Promise<{ refundId: string }>;
  /** The payments that succeeded since a Unix time in seconds (refunded ones included). */
  listSucceededPayments(sinceSeconds: number): Promise<ProviderPayment[]>;
}
