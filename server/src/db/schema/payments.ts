import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The built-in test-mode card processor's payments (what Stripe keeps on its side). */
export const testPayments = pgTable('test_payments', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull().unique(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  orderId: uuid('order_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  /** Stripe's statuses: requires_payment_method, succeeded, canceled. */
  status: text('status').notNull(),
  lastError: text('last_error'),
  /** Set once the payment was refunded (one refund per payment). */
  refundId: text('refund_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The test processor's partial refunds (as Stripe keeps several refunds of a payment, each of an
 * amount), one per idempotency key; a payment's refund in full is its `refund_id`, of the rest.
 */
export const testRefunds = pgTable('test_refunds', {
  id: text('id').primaryKey(),
  paymentId: text('payment_id').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  amountCents: integer('amount_cents').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Webhook events already applied (Stripe delivers at least once): each id is processed once. */
export const processedEvents = pgTable('processed_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Our side of each provider payment made for an order: one row per payment id, written when
 * create-payment-intent makes or reuses it, and settled once (paid, canceled or refunded) by
 * whichever of the buyer's PATCH, the webhook, a delete, the expiry sweep or a reconcile run
 * comes first. order_id is not a foreign key: the order may be deleted while its payment lives on.
 */
export const orderPayments = pgTable(
  'order_payments',
  {
    providerPaymentId: text('provider_payment_id').primaryKey(),
    orderId: uuid('order_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** 'open' | 'succeeded' | 'canceled' | 'refunded' */
    status: text('status').notNull().default('open'),
    refundId: text('refund_id'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'order_payments_status',
      sql`${t.status} in ('open', 'succeeded', 'canceled', 'refunded')`,
    ),
    index('order_payments_order_idx').on(t.orderId),
  ],
);

export type OrderPaymentRow = typeof orderPayments.$inferSelect;
