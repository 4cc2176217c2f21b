import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { categories, parts } from './parts.ts';

/**
 * Business buyers (issue 49): Better Auth's organization plugin's tables (its documented schema:
 * organization, member, invitation, and the session's active organization), named for what they
 * are here: companies, their members and invitations. Ids are UUIDs made by Better Auth.
 */
export const companies = pgTable('companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  logo: text('logo'),
  metadata: text('metadata'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A company's members, each with one role of the organization plugin: `owner` (its creator),
 * `admin` (members, addresses, settings), `approver`, `buyer`. A customer belongs to at most one
 * company (the unique index stands behind the plugin's hooks).
 */
export const companyMembers = pgTable(
  'company_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    /**
     * What this buyer may order at once without an approver's approval, in cents (the order's
     * total); null: the company's limit for all (company_accounts), or none.
     */
    spendingLimitCents: bigint('spending_limit_cents', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('company_members_user_unique').on(t.userId),
    index('company_members_company_idx').on(t.organizationId),
    check('company_members_limit_nonnegative', sql`${t.spendingLimitCents} >= 0`),
  ],
);

export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull(),
    status: text('status').notNull().default('pending'),
    teamId: text('team_id'),
    inviterId: uuid('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('company_invitations_company_idx').on(t.organizationId),
    index('company_invitations_email_idx').on(t.email),
  ],
);

/**
 * Price lists (issue 49): a fixed unit price per part, or a percentage off per category, valid
 * between two days (either open); a company has at most one (company_accounts.price_list_id).
 */
export const priceLists = pgTable(
  'price_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The first and last day it applies (inclusive, the shop's days in UTC); null: open. */
    validFrom: date('valid_from'),
    validUntil: date('valid_until'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'price_lists_dates_ordered',
      sql`${t.validFrom} is null or ${t.validUntil} is null or ${t.validFrom} <= ${t.validUntil}`,
    ),
  ],
);

export const priceListPrices = pgTable(
  'price_list_prices',
  {
    priceListId: uuid('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.priceListId, t.partId] }),
    check('price_list_prices_positive', sql`${t.priceCents} > 0`),
  ],
);

export const priceListDiscounts = pgTable(
  'price_list_discounts',
  {
    priceListId: uuid('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    /** A category's slug: follows the category when it is renamed, goes when it is deleted. */
    category: text('category')
      .notNull()
      .references(() => categories.slug, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /** Percent off the list price: 12.5. */
    percent: numeric('percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.priceListId, t.category] }),
    check('price_list_discounts_percent', sql`${t.percent} > 0 and ${t.percent} < 100`),
  ],
);

/**
 * What the shop sets per company (its account with the shop): payment terms, credit limit, price
 * list, whether a purchase order number is required; and the company admins' spending limit for
 * every buyer without one of their own. A company without a row has none of these.
 */
export const companyAccounts = pgTable(
  'company_accounts',
  {
    companyId: uuid('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** `net30`, `net60` or null (cards only). */
    paymentTerms: text('payment_terms'),
    /** What its unpaid invoices may come to with a new order on terms, in cents. */
    creditLimitCents: bigint('credit_limit_cents', { mode: 'number' }).notNull().default(0),
    priceListId: uuid('price_list_id').references(() => priceLists.id, { onDelete: 'set null' }),
    poRequired: boolean('po_required').notNull().default(false),
    /** The spending limit of a buyer without one of their own (company_members), in cents. */
    spendingLimitCents: bigint('spending_limit_cents', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('company_accounts_terms', sql`${t.paymentTerms} in ('net30', 'net60')`),
    check('company_accounts_credit_nonnegative', sql`${t.creditLimitCents} >= 0`),
    check('company_accounts_limit_nonnegative', sql`${t.spendingLimitCents} >= 0`),
  ],
);
