// Every table, for the database client, drizzle-kit, auth, scripts and tests. The modules import
// only their own schema files (see serverModules in eslint.config.js).
export * from './parts.ts';
export * from './reviews.ts';
export * from './contact.ts';
export * from './auth.ts';
export * from './orders.ts';
export * from './payments.ts';
export * from './profiles.ts';
export * from './audit.ts';
export * from './jobs.ts';
export * from './insights.ts';
export * from './cart.ts';
export * from './quotes.ts';
export * from './addresses.ts';
export * from './shipping.ts';
export * from './companies.ts';
