import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';

/**
 * Messages from the contact forms. `mailed_at` stays empty while the mail to the shop failed;
 * `handled_at` is set when an admin marks the message answered in the dashboard's Messages. A
 * buyer's message from an order's page names the order (its number kept, as the order may go).
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    orderNumber: text('order_number'),
  },
  // Messages' keyset order: newest (or oldest) first.
  (t) => [index('contact_messages_created_id_idx').on(t.createdAt, t.id)],
);

/**
 * Newsletter sign-ups; e-mails are stored lower-case, so the unique index is case-blind. An
 * address is on the list once `confirmed_at` is set by the link mailed to it (double opt-in).
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('newsletter_email_unique').on(t.email)],
);
