import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * Where the shop ships: a zone lists countries (ISO alpha-2) and, optionally, regions as
 * `US-AK` (country and ISO 3166-2 code). A destination takes the most specific zone that holds
 * it: one naming its region, else one naming its country, else one with neither (the rest of the
 * world); among equals, the lowest `position`.
 */
export const shippingZones = pgTable('shipping_zones', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  countries: text('countries')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  regions: text('regions')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  position: integer('position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type ShippingZoneRow = typeof shippingZones.$inferSelect;

/**
 * A way to ship to a zone. `flat`: `price_cents` per order. `weight`: `price_cents` plus
 * `per_kg_cents` for every started kilogram of the order's weight (parts' `weight_grams`).
 * Either is free when the order's subtotal reaches `free_above_cents`.
 */
export const shippingMethods = pgTable(
  'shipping_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').notNull().default('flat'),
    priceCents: integer('price_cents').notNull(),
    perKgCents: integer('per_kg_cents').notNull().default(0),
    freeAboveCents: integer('free_above_cents'),
    minDays: integer('min_days').notNull(),
    maxDays: integer('max_days').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('shipping_methods_kind', sql`${t.kind} in ('flat', 'weight')`),
    check(
      'shipping_methods_money',
      sql`${t.priceCents} >= 0 and ${t.perKgCents} >= 0 and coalesce(${t.freeAboveCents}, 0) >= 0`,
    ),
    check('shipping_methods_days', sql`${t.minDays} >= 0 and ${t.maxDays} >= ${t.minDays}`),
    index('shipping_methods_zone_idx').on(t.zoneId),
  ],
);
export type ShippingMethodRow = typeof shippingMethods.$inferSelect;

/**
 * A sales tax rate: for a whole country (`region` null) or one region of it. Both apply to a
 * destination in that region (a country's rate and a state's add up). `rate` is a percentage
 * (8.25); `shipping_taxed` says whether the shipping charge is taxed too.
 */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    country: text('country').notNull(),
    region: text('region'),
    name: text('name').notNull(),
    rate: numeric('rate', { precision: 7, scale: 4 }).notNull(),
    shippingTaxed: boolean('shipping_taxed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('tax_rates_country_code', sql`${t.country} ~ '^[A-Z]{2}$'`),
    check('tax_rates_rate_range', sql`${t.rate} >= 0 and ${t.rate} <= 100`),
    uniqueIndex('tax_rates_place_unique').on(t.country, sql`coalesce(${t.region}, '')`),
  ],
);
export type TaxRateRow = typeof taxRates.$inferSelect;

/** A customer's sales tax exemption (certificate or resale number), recorded by an admin. */
export const taxExemptions = pgTable('tax_exemptions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  certificate: text('certificate').notNull(),
  note: text('note').notNull().default(''),
  recordedBy: text('recorded_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type TaxExemptionRow = typeof taxExemptions.$inferSelect;
