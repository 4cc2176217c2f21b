export * from './catalogue.ts';
export * from './reviews.ts';
export * from './contact.ts';
export * from './auth.ts';
export * from './orders.ts';
export * from './dashboard.ts';
