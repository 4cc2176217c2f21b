import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { companies } from './companies.ts';

/**
 * A customer's address book (issue 47): where orders ship, and whose tax ID the invoice names.
 * `country` is ISO 3166-1 alpha-2 (US), `region` the ISO 3166-2 subdivision without the country
 * (TX), `phone` E.164 (+15125550147). Checked by the API before it is stored.
 */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    company: text('company'),
    line1: text('line1').notNull(),
    line2: text('line2'),
    city: text('city').notNull(),
    region: text('region'),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull(),
    phone: text('phone').notNull(),
    taxId: text('tax_id'),
    isDefault: boolean('is_default').notNull().default(false),
    /**
     * Set when the address is the company's (issue 49): shared by its members, kept by its owner
     * and admins; `user_id` is then the member who added it.
     */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('addresses_country_code', sql`${t.country} ~ '^[A-Z]{2}$'`),
    index('addresses_user_idx').on(t.userId, t.createdAt),
    index('addresses_company_idx').on(t.companyId, t.createdAt),
    // At most one default address per account (among its own)...
    uniqueIndex('addresses_one_default')
      .on(t.userId)
      .where(sql`${t.isDefault} and ${t.companyId} is null`),
    // And at most one default address per company.
    uniqueIndex('addresses_one_company_default')
      .on(t.companyId)
      .where(sql`${t.isDefault} and ${t.companyId} is not null`),
  ],
);
export type AddressRow = typeof addresses.$inferSelect;
