import { sql } from 'drizzle-orm';
import type { AddressParts } from '@partsmith/contract/address-lines';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { companies } from './companies.ts';
import { parts } from './parts.ts';

/** One sales tax rate on an order, as it was applied. */
export interface OrderTax {
  name: string;
  /** A percentage: 8.25. */
  rate: number;
  amountCents: number;
}

/** An address book entry as an order keeps it. */
export interface ShipTo extends AddressParts {
  phone: string;
  taxId: string | null;
}

/**
 * Orders keep their own copy of the part's name, image, description and unit price, and of the
 * buyer's name and e-mail, so deleting a part or a user never rewrites an order's history.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Keyset order for the admins' list (newest first). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull().unique(),
    /** The order's number for people (issue 46): `PS-O-000123`, from `seq`, never reused. */
    number: text('number')
      .notNull()
      .generatedAlwaysAs(sql`'PS-O-' || lpad(seq::text, greatest(6, length(seq::text)), '0')`),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    partId: uuid('part_id').references(() => parts.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    image: text('image').notNull(),
    description: text('description').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    /**
     * The order's total: the sum of its lines (order_lines). The columns above are its first
     * line's (`quantity`: the units of all lines; `name` says "and N more" after the first).
     */
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    lineCount: integer('line_count').notNull().default(1),
    /**
     * Money of the order (issue 47): the lines' sum, the shipping charge and the sales tax;
     * `total_cents` is their sum (a CHECK holds it). The purchase page's orders and orders
     * placed before issue 47 have shipping 0 and tax 0.
     */
    subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull(),
    shippingCents: bigint('shipping_cents', { mode: 'number' }).notNull().default(0),
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull().default(0),
    /** The shipping method as it was chosen (its id, name and delivery days); null: none. */
    shippingMethodId: uuid('shipping_method_id'),
    shippingMethodName: text('shipping_method_name'),
    shippingMinDays: integer('shipping_min_days'),
    shippingMaxDays: integer('shipping_max_days'),
    /** Each sales tax rate applied: `[{ name, rate, amountCents }]` (`rate` a percentage). */
    taxes: jsonb('taxes').$type<OrderTax[]>().notNull().default([]),
    /** The address book's entry as it was at checkout (the `address` text is its lines). */
    shipTo: jsonb('ship_to').$type<ShipTo>(),
    /** The buyer's tax ID (VAT number) from the address, and their tax exemption certificate. */
    buyerTaxId: text('buyer_tax_id'),
    taxExemption: text('tax_exemption'),
    userEmail: text('user_email').notNull(),
    userName: text('user_name').notNull(),
    address: text('address').notNull(),
    phone: text('phone').notNull(),
    stockAfter: integer('stock_after').notNull(),
    paid: boolean('paid').notNull().default(false),
    transactionId: text('transaction_id'),
    paymentIntentId: text('payment_intent_id'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    /** What the admin gave when shipping it (both optional). */
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    /** The invoice of a paid order: PS-<year>-<6 digits>, from a gapless yearly sequence. */
    invoiceNumber: text('invoice_number').unique(),
    /** A paid order refunded in full by an admin: its credit note (CN-<year>-<6 digits>). */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundId: text('refund_id'),
    refundReason: text('refund_reason'),
    creditNoteNumber: text('credit_note_number').unique(),
    /**
     * What its partial refunds (order_refunds) gave back, summed: the lines' value and their tax.
     * The sales figures count the order's subtotal and tax less these.
     */
    refundedSubtotalCents: bigint('refunded_subtotal_cents', { mode: 'number' })
      .notNull()
      .default(0),
    refundedTaxCents: bigint('refunded_tax_cents', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Set when an unpaid order outlived UNPAID_ORDER_TTL: its stock went back; it cannot be paid. */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    /** Business buyers (issue 49): the buyer's company when it was placed. */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    /** The buyer's purchase order number. */
    poNumber: text('po_number'),
    /**
     * Null: no approval asked. `pending`: above the buyer's spending limit, its stock held until a
     * company approver decides; `approved` may be paid; `declined` gave its stock back.
     */
    approval: text('approval'),
    approvalDecidedAt: timestamp('approval_decided_at', { withTimezone: true }),
    approvalDecidedBy: uuid('approval_decided_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** `card` (paid online) or `invoice` (on the company's payment terms). */
    paymentMethod: text('payment_method').notNull().default('card'),
    /** An order on terms: the day its invoice falls due. */
    dueDate: date('due_date'),
    /** The last overdue reminder of its invoice (once, then every 7 days). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (t) => [
    check('orders_quantity_positive', sql`${t.quantity} > 0`),
    check('orders_price_nonnegative', sql`${t.unitPriceCents} >= 0`),
    check('orders_paid_has_transaction', sql`not ${t.paid} or ${t.transactionId} is not null`),
    // An order on terms ships before it is paid, once approved (if it had to be).
    check(
      'orders_shipped_only_paid',
      sql`${t.shippedAt} is null or ${t.paid} or (${t.paymentMethod} = 'invoice' and ${t.invoiceNumber} is not null)`,
    ),
    check('orders_total_nonnegative', sql`${t.totalCents} >= 0`),
    check(
      'orders_total_adds_up',
      sql`${t.totalCents} = ${t.subtotalCents} + ${t.shippingCents} + ${t.taxCents}`,
    ),
    // Refunded once paid, or credited while invoiced on terms (issue 49, not paid yet).
    check(
      'orders_refunded_only_paid',
      sql`${t.refundedAt} is null or ${t.paid} or (${t.paymentMethod} = 'invoice' and ${t.invoiceNumber} is not null)`,
    ),
    check('orders_approval_known', sql`${t.approval} in ('pending', 'approved', 'declined')`),
    check('orders_payment_method_known', sql`${t.paymentMethod} in ('card', 'invoice')`),
    // What a company's buyers owe on terms (the credit limit), and the overdue reminders.
    index('orders_company_open_invoice_idx')
      .on(t.companyId, t.dueDate)
      .where(sql`${t.paymentMethod} = 'invoice' and not ${t.paid}`),
    index('orders_company_idx').on(t.companyId, t.createdAt),
    index('orders_user_idx').on(t.userId, t.createdAt),
    // MAX_UNPAID_ORDERS counts a buyer's open unpaid orders at each purchase.
    index('orders_open_unpaid_user_idx')
      .on(t.userId)
      .where(sql`not ${t.paid} and ${t.expiredAt} is null`),
    // The orders to ship (paid, not shipped, not refunded: the admins' `paid` state, the same
    // condition in modules/orders/admin-list.ts): that queue's page and its count without a
    // scan of every order (100 ms at 100,000 orders).
    index('orders_to_ship_idx')
      .on(t.createdAt, t.seq)
      .where(sql`${t.paid} and ${t.shippedAt} is null and ${t.refundedAt} is null`),
    // The orders on a company's account to ship (invoiced on terms, not paid yet, not cancelled,
    // shipped or refunded): with orders_to_ship_idx, the admins' `to-ship` queue and its count.
    index('orders_on_account_to_ship_idx')
      .on(t.createdAt, t.seq)
      .where(
        sql`${t.paymentMethod} = 'invoice' and ${t.invoiceNumber} is not null and not ${t.paid} and ${t.expiredAt} is null and ${t.shippedAt} is null and ${t.refundedAt} is null`,
      ),
    // Date ranges (the sweep, the sales figures) and the CSV export's keyset order in one index.
    index('orders_created_seq_idx').on(t.createdAt, t.seq),
    // The admins' orders table by total, and its search of the number and the buyer
    // (modules/orders/admin-list.ts: the same expression there), by trigrams (pg_trgm).
    index('orders_total_seq_idx').on(t.totalCents, t.seq),
    index('orders_search_trgm_idx').using(
      'gin',
      sql`(${t.number} || ' ' || ${t.userEmail} || ' ' || ${t.userName} || ' ' || coalesce(${t.poNumber}, '')) gin_trgm_ops`,
    ),
    uniqueIndex('orders_transaction_unique').on(t.transactionId),
    uniqueIndex('orders_number_unique').on(t.number),
  ],
);

export type OrderRow = typeof orders.$inferSelect;

/**
 * The lines of every order (a purchase writes one, a checkout one per part of the cart), each
 * with the part's name, image and unit price copied as they were when it was bought.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    partId: uuid('part_id').references(() => parts.id, { onDelete: 'set null' }),
    /** The part number when it was bought; empty for lines written before part numbers. */
    sku: text('sku'),
    name: text('name').notNull(),
    image: text('image').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.position] }),
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('order_lines_price_nonnegative', sql`${t.unitPriceCents} >= 0`),
    index('order_lines_part_idx').on(t.partId),
    // The admins' orders search of a line's part name and number (modules/orders/admin-list.ts).
    index('order_lines_search_trgm_idx').using(
      'gin',
      sql`(${t.name} || ' ' || coalesce(${t.sku}, '')) gin_trgm_ops`,
    ),
  ],
);

export type OrderLineRow = typeof orderLines.$inferSelect;

/**
 * The numbers of invoices and credit notes: one row per series and year, whose `last` is taken
 * and raised in the transaction that issues the document, so the numbers have no gaps (a
 * rolled-back payment gives its number back) and two payments at once get two numbers.
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    series: text('series').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

/** Idempotency-Key of POST /api/purchase: one order and one answer per user and key. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * Order confirmation mails still to send (an outbox): the purchase statement writes one with its
 * order, in the same statement, and a background sender sends and deletes it (decision 037), so
 * a purchase is answered without waiting for the mail and no committed order loses its mail.
 */
export const orderMails = pgTable(
  'order_mails',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /**
     * Which mail of the order's life: placed, receipt, shipped, refunded, expired; `paid-notice`
     * tells the shop's order addresses (ORDER_NOTIFY_EMAILS, issue 48) that an order was paid.
     */
    kind: text('kind').notNull().default('placed'),
    /** A `refunded` mail of one partial refund (order_refunds); null: of the whole order. */
    refundId: uuid('refund_id').references(() => orderRefunds.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    /** When it may be taken next: now for a new one, later while being sent or after a failure. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** Set aside after its last failed attempt (MAIL_MAX_ATTEMPTS): never sent, kept to see. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    index('order_mails_due_idx').on(t.dueAt),
    check(
      'order_mails_kind',
      sql`${t.kind} in ('placed', 'receipt', 'shipped', 'refunded', 'expired', 'paid-notice')`,
    ),
  ],
);

/** A line of a partial refund: which line of the order, how many, and their price then. */
export interface RefundLine {
  /** The order line's `position`. */
  position: number;
  quantity: number;
  sku: string | null;
  name: string;
  unitPriceCents: number;
}

/**
 * A partial refund of a paid order (some units of some lines, with their share of each tax), each
 * with its own credit note and its own refund at the payment provider. A refund of the whole
 * order is the order's own `refunded_at` (after partial refunds: of what was left).
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    creditNoteNumber: text('credit_note_number').notNull().unique(),
    lines: jsonb('lines').$type<RefundLine[]>().notNull(),
    subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull(),
    /** Each of the order's tax rates' share, as the order's `taxes`. */
    taxes: jsonb('taxes').$type<OrderTax[]>().notNull(),
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** Whether the units went back in stock. */
    restocked: boolean('restocked').notNull(),
    reason: text('reason').notNull(),
    /** The provider's refund: one per partial refund (its idempotency key names this row). */
    providerRefundId: text('provider_refund_id').notNull().unique(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_refunds_order_idx').on(t.orderId, t.createdAt),
    check('order_refunds_positive', sql`${t.amountCents} > 0`),
    check('order_refunds_adds_up', sql`${t.amountCents} = ${t.subtotalCents} + ${t.taxCents}`),
  ],
);

export type OrderRefundRow = typeof orderRefunds.$inferSelect;

/**
 * Payments recorded by a shop admin against the invoice of an order on terms (issue 49); the
 * order is paid once they come to its total.
 */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** The day the money came, as the admin gave it. */
    paidAt: date('paid_at').notNull(),
    reference: text('reference').notNull(),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoice_payments_order_idx').on(t.orderId),
    check('invoice_payments_positive', sql`${t.amountCents} > 0`),
  ],
);
