import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AttributeDef, Attributes } from '@partsmith/contract';
import type { PriceBreakCents } from '@partsmith/contract/pricing';

/** A text-search document (PostgreSQL's `tsvector`), read and written by SQL only. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The catalogue's categories (issue 27): data an admin can add to, each declaring the typed
 * attributes of its parts (`[{ key, label, type, unit?, options?, integer? }]`, checked by the
 * contract's `attributesSchema`). Migration 0015 puts in the seven the shop starts with.
 */
export const categories = pgTable('categories', {
  slug: text('slug').primaryKey(),
  name: text('name').notNull().unique(),
  position: integer('position').notNull().default(0),
  attributes: jsonb('attributes')
    .$type<AttributeDef[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type CategoryRow = typeof categories.$inferSelect;

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
    /**
     * The part number (issue 46): letters, digits and dashes, at most 40 characters, unique
     * whatever its case. Given by the admin or the seed; otherwise the insert trigger of migration
     * 0019 writes `PS-<CATEGORY PREFIX>-<seq>` (`PS-MEM-000012`).
     */
    sku: text('sku').notNull().default(''),
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
    /** Days until more arrive, shown while it is out of stock; empty when not known. */
    leadTimeDays: integer('lead_time_days'),
    /** Shipping weight in grams (by-weight shipping methods); 0 when not given. */
    weightGrams: integer('weight_grams').notNull().default(0),
    /**
     * Shown to visitors (issue 48): an unlisted part leaves the catalogue, the search and the
     * counts, but its page stays for links already out there and its orders keep it.
     */
    listed: boolean('listed').notNull().default(true),
    /** Its category's slug; empty for a part not yet filed. */
    category: text('category').references(() => categories.slug),
    /** `{ key: value }` as its category declares them (checked by the API). */
    attributes: jsonb('attributes')
      .$type<Attributes>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /**
     * Name (weight A), attribute values (B) and description (C) for the full-text search, kept
     * by a trigger when one of them changes (migration 0015), not on every stock update.
     */
    search: tsvector('search'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // At least $0.01 (migration 0009 adds it NOT VALID: rows written before are not rechecked).
    check('parts_price_positive', sql`${t.priceCents} >= 1`),
    check('parts_stock_nonnegative', sql`${t.availableQuantity} >= 0`),
    check('parts_min_order_positive', sql`${t.minOrderQuantity} > 0`),
    check('parts_weight_nonnegative', sql`${t.weightGrams} >= 0`),
    check('parts_lead_time_nonnegative', sql`${t.leadTimeDays} is null or ${t.leadTimeDays} >= 0`),
    check(
      'parts_sku_format',
      sql`${t.sku} ~ '^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$' and length(${t.sku}) <= 40`,
    ),
    uniqueIndex('parts_sku_unique').on(sql`upper(${t.sku})`),
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
    index('parts_search_idx').using('gin', t.search),
    index('parts_attributes_idx').using('gin', sql`${t.attributes} jsonb_path_ops`),
    index('parts_listed_category_idx')
      .on(t.category, t.seq)
      .where(sql`${t.deletedAt} is null`),
    // Manage Products' sorts (modules/parts/admin-list.ts), on the parts not deleted; none on
    // the stock, which every purchase changes (an index on it would cost them their HOT update).
    index('parts_admin_created_idx')
      .on(t.createdAt, t.seq)
      .where(sql`${t.deletedAt} is null`),
    index('parts_admin_name_idx')
      .on(t.name, t.seq)
      .where(sql`${t.deletedAt} is null`),
    index('parts_admin_price_idx')
      .on(t.priceCents, t.seq)
      .where(sql`${t.deletedAt} is null`),
    // Its search finds part numbers inside too; the unlisted parts are few, and counted apart.
    index('parts_sku_trgm_idx').using('gin', sql`${t.sku} gin_trgm_ops`),
    index('parts_unlisted_idx')
      .on(t.seq)
      .where(sql`${t.deletedAt} is null and not ${t.listed}`),
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

/**
 * Every word of the catalogue's names, attribute values and descriptions, lower-cased, kept by
 * the same trigger: the search corrects a misspelt word to the nearest of these (pg_trgm).
 * A word no longer used stays; it only costs a correction that finds nothing.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);

/**
 * The trade's words for the search (issue 46): a query word equal to `term` also finds the parts
 * that say `expansion` ("psu" finds "power supply"). Data the admins keep; migration 0019 seeds
 * the common ones.
 */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    term: text('term').primaryKey(),
    expansion: text('expansion').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('search_synonyms_term_lower', sql`${t.term} = lower(${t.term})`)],
);

/**
 * "Tell me when it is back" (issue 46): one row per part and address. A visitor's row waits for
 * the mailed link (`confirmedAt`); a signed-in customer's own address is confirmed at once. When
 * the part's stock goes from 0 to more, each confirmed row gets one mail and is deleted.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    userId: uuid('user_id'),
    /** SHA-256 of the confirmation link's token (a visitor's row until confirmed). */
    tokenHash: text('token_hash'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** Taken by the sender while its mail goes out. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stock_alerts_part_email_unique').on(t.partId, t.email),
    index('stock_alerts_token_idx').on(t.tokenHash),
  ],
);
