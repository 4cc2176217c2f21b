export * from './common.ts';
export * from './parts.ts';
export * from './reviews.ts';
export * from './contact.ts';
export * from './health.ts';
export * from './routes.ts';
export * from './auth.ts';
