import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Who runs each periodic job (the unpaid-order sweep, the housekeeping) until when: one row per
 * job. An instance runs a job only after taking its lease for the job's interval, so each
 * interval's run is made by one instance, and a lease outlives the process that took it (a
 * restart does not run the job again before its time).
 */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull(),
});
