import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    image: text('image').notNull(),
    /** The spec's free-text line under the reviewer's name. */
    type: text('type').notNull(),
    rating: smallint('rating').notNull(),
    /** The author, from the session (null for demo reviews and deleted accounts). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Hidden by an admin (Manage Reviews): kept, but no longer shown on the home page. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (t) => [
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    index('reviews_created_idx').on(t.createdAt),
    // Manage Reviews' table, newest first with the id as tiebreaker (modules/reviews/admin-list.ts).
    index('reviews_created_id_idx').on(t.createdAt, t.id),
  ],
);

export type ReviewRow = typeof reviews.$inferSelect;
export type NewReviewRow = typeof reviews.$inferInsert;
