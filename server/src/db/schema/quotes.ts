import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { orders } from './orders.ts';
import { parts } from './parts.ts';

/**
 * A customer's request for a price on parts and quantities, the admin's answer (a unit price per
 * line, valid until a day's end) and, once accepted, the order it became. The buyer's name and
 * e-mail are copied, as an order's are, so the quote outlives its account.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Its number for people: Q-000123. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull().unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    userEmail: text('user_email').notNull(),
    userName: text('user_name').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
    /** The admin's words to the customer with the answer (issue 48); empty when none. */
    answerMessage: text('answer_message').notNull().default(''),
    /** The end of the last day the quoted prices hold. */
    validUntil: timestamp('valid_until', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /**
     * The order the accepted quote became, written by the statement that placed it; one at most
     * (unique). An unpaid order deleted by its buyer sets it back to null: the quote may be
     * accepted again while it is valid.
     */
    orderId: uuid('order_id')
      .unique()
      .references(() => orders.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('quotes_answer_complete', sql`(${t.answeredAt} is null) = (${t.validUntil} is null)`),
    index('quotes_user_idx').on(t.userId, t.createdAt),
    // The admins' list: open requests first.
    index('quotes_open_idx')
      .on(t.createdAt)
      .where(sql`${t.answeredAt} is null`),
    // The admins' quotes table (modules/quotes/admin-list.ts).
    index('quotes_created_seq_idx').on(t.createdAt, t.seq),
  ],
);

export type QuoteRow = typeof quotes.$inferSelect;

/** The lines of a quote: the part and quantity asked about, and the quoted unit price. */
export const quoteLines = pgTable(
  'quote_lines',
  {
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    partId: uuid('part_id').references(() => parts.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    image: text('image').notNull(),
    quantity: integer('quantity').notNull(),
    /** The catalogue's unit price for the quantity when it was asked. */
    listPriceCents: integer('list_price_cents').notNull(),
    /** The admin's price; null until answered. */
    unitPriceCents: integer('unit_price_cents'),
  },
  (t) => [
    primaryKey({ columns: [t.quoteId, t.position] }),
    check('quote_lines_quantity_positive', sql`${t.quantity} > 0`),
    check(
      'quote_lines_price_positive',
      sql`${t.unitPriceCents} is null or ${t.unitPriceCents} > 0`,
    ),
  ],
);

export type QuoteLineRow = typeof quoteLines.$inferSelect;

/**
 * Quote mails still to send (an outbox, like `order_mails`): requested (to the admins), answered
 * (to the customer), accepted (to the admins), each written by the statement of its step.
 */
export const quoteMails = pgTable(
  'quote_mails',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    attempts: integer('attempts').notNull().default(0),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** Set aside after its last failed attempt (MAIL_MAX_ATTEMPTS): never sent, kept to see. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    index('quote_mails_due_idx').on(t.dueAt),
    check('quote_mails_kind', sql`${t.kind} in ('requested', 'answered', 'accepted')`),
  ],
);
