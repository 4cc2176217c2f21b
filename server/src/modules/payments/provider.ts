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
}
