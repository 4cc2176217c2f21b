import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PriceBreakCents } from '@partsmith/contract/pricing';

/**
 * The catalogue. Money is integer cents. `seq` gives a stable keyset order for pagination
 * (never OFFSET). A deleted part keeps its row (orders keep their own copy anyway) and leaves
 * the catalogue through `deleted_at`.
 */
export const parts = pgTable(
  'parts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    image: text('image').notNull(),
    priceCents: integer('price_cents').notNull(),
    availableQuantity: integer('available_quantity').notNull(),
    minOrderQuantity: integer('min_order_quantity').notNull(),
    /**
     * Volume prices: `[{ minQuantity, priceCents }]`, each break's quantity higher and its unit
     * price lower than the one before (checked by the API); empty, one price for any quantity.
     */
    priceBreaks: jsonb('price_breaks')
      .$type<PriceBreakCents[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Stock below this mails the admins once; empty, twice the minimum order. */
    lowStockThreshold: integer('low_stock_threshold'),
    /** Set when the low-stock mail went out; cleared by a restock to the threshold or above. */
    lowStockAlertedAt: timestamp('low_stock_alerted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // At least $0.01 (migration 0009 adds it NOT VALID: rows written before are not rechecked).
    check('parts_price_positive', sql`${t.priceCents} >= 1`),
    check('parts_stock_nonnegative', sql`${t.availableQuantity} >= 0`),
    check('parts_min_order_positive', sql`${t.minOrderQuantity} > 0`),
    check(
      'parts_low_stock_threshold_nonnegative',
      sql`${t.lowStockThreshold} is null or ${t.lowStockThreshold} >= 0`,
    ),
    index('parts_listed_seq_idx')
      .on(t.seq)
      .where(sql`${t.deletedAt} is null`),
    // The catalogue's `q` (ILIKE '%…%' on name or description) through trigrams (pg_trgm).
    index('parts_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('parts_description_trgm_idx').using('gin', sql`${t.description} gin_trgm_ops`),
  ],
);

export type PartRow = typeof parts.$inferSelect;
export type NewPartRow = typeof parts.$inferInsert;

/**
 * One row: how many parts are listed (not deleted), kept exact by a row trigger on `parts`
 * (migration 0006), so X-Total-Count costs one row read at any catalogue size.
 */
export const catalogueStats = pgTable(
  'catalogue_stats',
  {
    id: boolean('id').primaryKey().default(true),
    listedParts: bigint('listed_parts', { mode: 'number' }).notNull(),
  },
  (t) => [check('catalogue_stats_one_row', sql`${t.id}`)],
);
