import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { parts } from './parts.ts';

/** A signed-in customer's cart: one row per part, with the quantity they want. */
export const cartLines = pgTable(
  'cart_lines',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.partId] }),
    check('cart_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * A visitor's cart (issue 46): found by the id in its signed, httpOnly cookie; joined to the
 * account's cart at sign-in or sign-up and then deleted. Housekeeping deletes the ones untouched
 * for VISITOR_CART_DAYS.
 */
export const visitorCarts = pgTable('visitor_carts', {
  id: uuid('id').primaryKey().defaultRandom(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A visitor's cart's lines, as cart_lines for a customer. */
export const visitorCartLines = pgTable(
  'visitor_cart_lines',
  {
    cartId: uuid('cart_id')
      .notNull()
      .references(() => visitorCarts.id, { onDelete: 'cascade' }),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.cartId, t.partId] }),
    check('visitor_cart_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
