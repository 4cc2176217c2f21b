import * as z from './zod-subset.ts';
import { Id } from './common.ts';

export const PaymentProviderName = z.enum(['test', 'stripe']);
export type PaymentProviderName = z.infer<typeof PaymentProviderName>;

/** GET /api/payment-config: which card form the payment page shows. */
export const PaymentConfig = z.object({
  provider: PaymentProviderName,
  /** Stripe's publishable key when the provider is Stripe. */
  publishableKey: z.string().nullable(),
});
export type PaymentConfig = z.infer<typeof PaymentConfig>;

/**
 * POST /api/create-payment-intent. The spec's client sends `price`; the server ignores it and
 * charges the order's own total (price x quantity).
 */
export const CreatePaymentIntentBody = z.object({ orderId: Id });
export const PaymentIntentAnswer = z.object({
  clientSecret: z.string(),
  provider: PaymentProviderName,
  /** What will be charged, in dollars, computed on the server. */
  amount: z.number(),
});
export type PaymentIntentAnswer = z.infer<typeof PaymentIntentAnswer>;

/**
 * PATCH /api/purchase/:id: the payment's id from the provider. The order becomes paid only after
 * the server has asked the provider that this payment succeeded for this order and amount.
 */
export const MarkPaidBody = z.object({ transactionId: z.string().trim().min(1).max(255) });
export const MarkPaidAnswer = z.object({
  acknowledged: z.literal(true),
  modifiedCount: z.number().int(),
  paid: z.boolean(),
  transactionId: z.string().nullable(),
});

/** The built-in test-mode card processor's confirm call (answers like Stripe's test cards). */
export const TestCardBody = z.object({
  clientSecret: z.string().min(1).max(200),
  number: z.string().trim().min(1, 'Card number is Required').max(30),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*([0-9]{2})$/, 'Expiry must look like MM / YY'),
  cvc: z
    .string()
    .trim()
    .regex(/^[0-9]{3,4}$/, 'CVC must be 3 or 4 digits'),
  name: z.string().trim().max(200).optional(),
  email: z.string().trim().max(254).optional(),
});
export type TestCardBody = z.input<typeof TestCardBody>;
export const TestCardAnswer = z.object({ id: z.string(), status: z.literal('succeeded') });

export const PaymentOrderParams = z.object({ id: Id });
