import { insertPart } from '../../src/db/seed/factories.ts';
import type { Caller, LiveApp } from './live.ts';

export const ROLES = ['anonymous', 'customer', 'other', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The customer owns the resources; "other" is another customer; the admin runs the shop. */
export interface Cast {
  customer: Caller;
  other: Caller;
  admin: Caller;
}

/** The three signed-in callers of the matrix (admin@example.com is an admin by ADMIN_EMAILS). */
export async function signUpCast(live: LiveApp): Promise<Cast> {
  return {
    customer: await live.signUp('customer@example.com'),
    other: await live.signUp('other@example.com'),
    admin: await live.signUp('admin@example.com'),
  };
}

export interface RouteCall {
  path: string;
  body?: unknown;
  /** The Content-Type of a string body (a CSV import); a JSON body needs none. */
  contentType?: string;
}

export interface RouteSpec {
  /** The expected status for anonymous, customer, other customer, admin. */
  expect: [number, number, number, number];
  /** The same on a shop that takes payments through Stripe, where it differs. */
  withStripe?: [number, number, number, number];
  /** A well-formed call of the route, on the customer's resource; fresh when the call uses it up. */
  call(live: LiveApp, cast: Cast, role: Role): Promise<RouteCall>;
}

/** What a caller must get from a route on a shop with these payments. */
export const expected = (spec: RouteSpec, payments: 'test' | 'stripe') =>
  (payments === 'stripe' && spec.withStripe) || spec.expect;

export const CARD = { number: '4242424242424242', expiry: '12 / 39', cvc: '123' };

/** A new part with plenty in stock: its id. */
export async function part(live: LiveApp) {
  return (await insertPart(live.database.db, { availableQuantity: 1000 })).id;
}

export const everyone = (status: number): RouteSpec['expect'] => [status, status, status, status];
export const signedIn = (status: number): RouteSpec['expect'] => [401, status, status, status];
export const adminOnly: RouteSpec['expect'] = [401, 403, 403, 200];
export const fixed =
  (path: string, body?: unknown): RouteSpec['call'] =>
  async () => ({ path, body });
