import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * A customer's profile. The columns keep the specification's JSON names (edu, number, linkdin,
 * addi_info); the code's names are the contract's `ProfileFields`.
 */
export const profiles = pgTable('profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  education: text('edu').notNull(),
  location: text('location').notNull(),
  phone: text('number').notNull(),
  linkedinUrl: text('linkdin').notNull(),
  additionalInfo: text('addi_info').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
