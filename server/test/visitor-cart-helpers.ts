import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { Cart } from '@partsmith/contract';
import { cartLines } from '../src/db/schema/index.ts';
import type { TestApp } from './helpers.ts';

// What the visitor's cart suites share (visitor-cart.test.ts, visitor-cart-join.test.ts).

export const COOKIE = 'partsmith.visitor_cart';
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The Set-Cookie header of the visitor's cart in an answer, if any. */
export function visitorSetCookie(res: LightMyRequestResponse): string | undefined {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.find((c) => c.startsWith(`${COOKIE}=`));
}

/** The Cookie header a browser sends back after `res` set the visitor's cookie. */
export function browserCookie(res: LightMyRequestResponse): string {
  const set = visitorSetCookie(res);
  if (!set) throw new Error(`no visitor cart cookie was set: ${res.statusCode} ${res.body}`);
  return set.split(';')[0]!;
}

/** The cart id a visitor's Cookie header names (its signature is checked in visitor-cart.test.ts). */
export function signedId(cookie: string) {
  const value = decodeURIComponent(cookie.slice(COOKIE.length + 1));
  return value.slice(0, value.lastIndexOf('.'));
}

/**
 * The calls the suites make on the shop `shop()` answers (set once it is open). Each test's
 * visitors come from addresses of their own (`newIp`): the cart limit counts per address.
 */
export function visitorCartCalls(shop: () => TestApp, firstIp = 1) {
  let nextIp = firstIp;
  const newIp = () => `198.51.100.${nextIp++}`;
  const put = (partId: string, quantity: unknown, cookie?: string, ip?: string) =>
    shop().app.inject({
      method: 'PUT',
      url: `/api/cart/lines/${partId}`,
      headers: cookie ? { cookie } : {},
      payload: { quantity },
      ...(ip ? { remoteAddress: ip } : {}),
    });
  const remove = (partId: string, cookie?: string, ip?: string) =>
    shop().app.inject({
      method: 'DELETE',
      url: `/api/cart/lines/${partId}`,
      headers: cookie ? { cookie } : {},
      ...(ip ? { remoteAddress: ip } : {}),
    });
  const cartOf = async (cookie?: string) => {
    const res = await shop().app.inject({ url: '/api/cart', headers: cookie ? { cookie } : {} });
    expect(res.statusCode, res.body).toBe(200);
    return Cart.parse(res.json());
  };
  /** A customer's cart lines as the database holds them, by part id. */
  const linesOfUser = async (userId: string) =>
    (
      await shop()
        .database.db.select({ partId: cartLines.partId, quantity: cartLines.quantity })
        .from(cartLines)
        .where(eq(cartLines.userId, userId))
    ).sort((a, b) => a.partId.localeCompare(b.partId));
  const signIn = (email: string, cookie: string, ip = newIp()) =>
    shop().app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: 'long enough 123' },
      headers: { origin: shop().config.publicUrl, cookie },
      remoteAddress: ip,
    });
  return { newIp, put, remove, cartOf, linesOfUser, signIn };
}
