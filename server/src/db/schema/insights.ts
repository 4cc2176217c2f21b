import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { parts } from './parts.ts';

/**
 * Low-stock mails still to send to the admins (an outbox, like `order_mails`): the statement that
 * took a part's stock below its threshold writes one, with what the mail says (the part's name,
 * the stock and the threshold at that moment), so the purchase is answered without waiting for
 * the mail and no crossing loses its mail. A background sender sends and deletes it.
 */
export const lowStockMails = pgTable(
  'low_stock_mails',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    partName: text('part_name').notNull(),
    stock: integer('stock').notNull(),
    threshold: integer('threshold').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** When it may be taken next: now for a new one, later while being sent or after a failure. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** Set aside after its last failed attempt (MAIL_MAX_ATTEMPTS): never sent, kept to see. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [index('low_stock_mails_due_idx').on(t.dueAt)],
);
