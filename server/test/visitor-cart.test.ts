import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Cart, MAX_CART_LINES } from '@partsmith/contract';
import { signSessionToken } from '../src/auth/session-lookup.ts';
import { visitorCartLines, visitorCarts } from '../src/db/schema/index.ts';
import { insertPart, insertParts } from '../src/db/seed/factories.ts';
import { visitorCartCookie } from '../src/modules/cart/visitor-cookie.ts';
import { DB_KINDS, buildTestApp, type TestApp } from './helpers.ts';
import {
  browserCookie,
  COOKIE,
  DAY_MS,
  signedId,
  visitorCartCalls,
  visitorSetCookie,
} from './visitor-cart-helpers.ts';

/** The file's limit on cart changes: a visitor's count per address, a customer's per account. */
const CART_LIMIT = 12;

// A visitor's cart, kept by the server; its joining an account's at sign-in or sign-up is in
// visitor-cart-join.test.ts.
describe.each(DB_KINDS)("a visitor's cart on the server, on %s", (kind) => {
  let t: TestApp;
  let secret: string;

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { RATE_LIMITS: `cart=${CART_LIMIT}/10m` } });
    secret = (await t.app.auth.$context).secret;
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const { newIp, put, remove, cartOf } = visitorCartCalls(() => t);
  const visitorCartCount = () => db().$count(visitorCarts);

  it('keeps a visitor’s cart by a signed, httpOnly cookie, under the customer’s rules', async () => {
    const ip = newIp();
    const memory = await insertPart(db(), {
      name: 'Visitor DDR5 32 GB',
      priceCents: 10_999,
      availableQuantity: 30,
    });
    const screws = await insertPart(db(), {
      name: 'Visitor M.2 screws',
      priceCents: 150,
      availableQuantity: 100,
      minOrderQuantity: 5,
      priceBreaks: [{ minQuantity: 10, priceCents: 120 }],
    });

    // No cookie: an empty cart, and none is made by reading.
    const before = await visitorCartCount();
    const none = await t.app.inject({ url: '/api/cart' });
    expect(none.json()).toEqual({ lines: [], count: 0, total: 0 });
    expect(visitorSetCookie(none)).toBeUndefined();

    // A refused change makes no cart and sets no cookie.
    const below = await put(screws.id, 2, undefined, ip);
    expect(below.statusCode).toBe(422);
    expect(below.json().message).toMatch(/5/);
    expect(visitorSetCookie(below)).toBeUndefined();
    expect((await put(crypto.randomUUID(), 1, undefined, ip)).statusCode).toBe(404);
    expect(await visitorCartCount()).toBe(before);

    // The first change makes the cart and sets its cookie.
    const first = await put(memory.id, 2, undefined, ip);
    expect(first.statusCode, first.body).toBe(200);
    const set = visitorSetCookie(first)!;
    expect(set).toMatch(/; HttpOnly/);
    expect(set).toMatch(/; SameSite=Lax/);
    expect(set).toMatch(/; Path=\//);
    expect(set).toMatch(new RegExp(`; Max-Age=${(30 * DAY_MS) / 1000}`));
    // Served over plain http here: not Secure (behind TLS it is, see the last test).
    expect(set).not.toMatch(/Secure/);
    const cookie = browserCookie(first);
    const [made] = await db()
      .select()
      .from(visitorCarts)
      .orderBy(sql`created_at desc`)
      .limit(1);
    // The cookie holds the cart's id, signed with the shop's secret.
    expect(decodeURIComponent(cookie.slice(COOKIE.length + 1))).toBe(
      signSessionToken(made!.id, secret),
    );
    expect(await visitorCartCount()).toBe(before + 1);

    const added = await put(screws.id, 12, cookie, ip);
    expect(added.statusCode, added.body).toBe(200);
    // The same cart: its cookie is set again (its life starts again), no new cart is made.
    expect(browserCookie(added)).toBe(cookie);
    expect(await visitorCartCount()).toBe(before + 1);

    const mine = await cartOf(cookie);
    expect(mine.lines.map((l) => [l.name, l.sku, l.quantity, l.price, l.total])).toEqual([
      ['Visitor DDR5 32 GB', memory.sku, 2, 109.99, 219.98],
      ['Visitor M.2 screws', screws.sku, 12, 1.2, 14.4],
    ]);
    expect(memory.sku).toMatch(/^PS-/);
    expect(mine).toMatchObject({ count: 14, total: 234.38 });

    // Changes within the part's rules; outside them the cart stays as it was.
    expect((await put(screws.id, 9, cookie, ip)).json().lines[1]).toMatchObject({
      quantity: 9,
      price: 1.5,
    });
    expect((await put(memory.id, 31, cookie, ip)).statusCode).toBe(422);
    expect((await put(memory.id, 0, cookie, ip)).statusCode).toBe(400);
    expect((await cartOf(cookie)).lines.map((l) => l.quantity)).toEqual([2, 9]);

    // Removing a line answers the cart without it.
    const removed = await remove(memory.id, cookie, ip);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(Cart.parse(removed.json()).lines.map((l) => l.partId)).toEqual([screws.id]);
    expect(await db().$count(visitorCartLines, eq(visitorCartLines.cartId, made!.id))).toBe(1);

    // A visitor without a cart has nothing to remove: no cart is made for it.
    const nothing = await remove(screws.id, undefined, ip);
    expect(nothing.json()).toEqual({ lines: [], count: 0, total: 0 });
    expect(visitorSetCookie(nothing)).toBeUndefined();
    expect(await visitorCartCount()).toBe(before + 1);
  });

  it('reads a forged, unsigned or unknown cookie as an empty cart, and never writes through it', async () => {
    const ip = newIp();
    const part = await insertPart(db(), { availableQuantity: 50 });
    const owned = await put(part.id, 3, undefined, ip);
    const cookie = browserCookie(owned);
    const id = signedId(cookie);

    const forged = `${COOKIE}=${encodeURIComponent(`${id}.${'A'.repeat(43)}=`)}`;
    const bare = `${COOKIE}=${id}`;
    const otherSecret = `${COOKIE}=${encodeURIComponent(signSessionToken(id, 'not the shop secret'))}`;
    const unknown = `${COOKIE}=${encodeURIComponent(signSessionToken(crypto.randomUUID(), secret))}`;
    const garbage = `${COOKIE}=%E0%A4%A`;
    for (const c of [forged, bare, otherSecret, unknown, garbage]) {
      expect(await cartOf(c), c).toEqual({ lines: [], count: 0, total: 0 });
    }
    // The cookie twice (one the visitor's, one planted): neither is read.
    expect((await cartOf(`${cookie}; ${unknown}`)).lines).toEqual([]);

    // A change through a forged cookie makes a cart of its own; the real one is untouched.
    const write = await put(part.id, 7, forged, ip);
    expect(write.statusCode).toBe(200);
    expect(signedId(browserCookie(write))).not.toBe(id);
    expect((await remove(part.id, forged, ip)).json().lines).toEqual([]);
    expect((await cartOf(cookie)).lines.map((l) => l.quantity)).toEqual([3]);

    // A signed cookie whose cart is gone (housekeeping took it): a change makes a new one.
    await db().delete(visitorCarts).where(eq(visitorCarts.id, id));
    expect((await cartOf(cookie)).lines).toEqual([]);
    const again = await put(part.id, 2, cookie, ip);
    expect(again.statusCode).toBe(200);
    expect(signedId(browserCookie(again))).not.toBe(id);
    expect((await cartOf(browserCookie(again))).lines.map((l) => l.quantity)).toEqual([2]);
  });

  it(`holds a visitor to ${MAX_CART_LINES} different parts`, async () => {
    const ip = newIp();
    const many = await insertParts(
      db(),
      Array.from({ length: MAX_CART_LINES + 1 }, (_, i) => ({
        name: `Visitor bulk ${i}`,
        availableQuantity: 10,
      })),
    );
    const cookie = browserCookie(await put(many[0]!.id, 1, undefined, ip));
    await db()
      .insert(visitorCartLines)
      .values(
        many
          .slice(1, MAX_CART_LINES)
          .map((p) => ({ cartId: signedId(cookie), partId: p.id, quantity: 1 })),
      );
    const over = await put(many[MAX_CART_LINES]!.id, 1, cookie, ip);
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe(
      `A cart holds at most ${MAX_CART_LINES} different parts: check out or remove some first.`,
    );
    expect((await cartOf(cookie)).lines).toHaveLength(MAX_CART_LINES);
    // A part already there may still change.
    expect((await put(many[0]!.id, 2, cookie, ip)).statusCode).toBe(200);
  });

  it('limits a visitor’s changes by address', async () => {
    const ip = newIp();
    const part = await insertPart(db(), { availableQuantity: 100 });
    const statuses: number[] = [];
    let cookie: string | undefined;
    for (let i = 1; i <= CART_LIMIT + 1; i++) {
      const res = await put(part.id, i, cookie, ip);
      cookie ??= browserCookie(res);
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(res.json().message).toMatch(/You have changed your cart many times/);
      }
    }
    expect(statuses).toEqual([...Array(CART_LIMIT).fill(200), 429]);
    // Removing counts too; a new cookie does not start the count again; another address does.
    expect((await remove(part.id, cookie, ip)).statusCode).toBe(429);
    expect((await put(part.id, 1, undefined, ip)).statusCode).toBe(429);
    expect((await put(part.id, 1, cookie, newIp())).statusCode).toBe(200);
  });

  it('still asks a visitor to sign in to check out', async () => {
    const ip = newIp();
    const part = await insertPart(db(), { availableQuantity: 5 });
    const cookie = browserCookie(await put(part.id, 1, undefined, ip));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: { cookie },
      payload: { addressId: '00000000-0000-4000-8000-000000000000' },
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Please sign in to continue.');
    expect((await cartOf(cookie)).lines.map((l) => l.quantity)).toEqual([1]);
  });

  it('deletes visitors’ carts untouched for VISITOR_CART_DAYS (30) at housekeeping', async () => {
    const part = await insertPart(db(), { availableQuantity: 5 });
    const ip = newIp();
    const stale = browserCookie(await put(part.id, 1, undefined, ip));
    const fresh = browserCookie(await put(part.id, 1, undefined, ip));
    await db()
      .update(visitorCarts)
      .set({ updatedAt: new Date(Date.now() - 30 * DAY_MS - 60_000) })
      .where(eq(visitorCarts.id, signedId(stale)));
    await db()
      .update(visitorCarts)
      .set({ updatedAt: new Date(Date.now() - 29 * DAY_MS) })
      .where(eq(visitorCarts.id, signedId(fresh)));
    const report = await t.app.housekeeping.runOnce();
    expect(report.visitorCarts).toBeGreaterThanOrEqual(1);
    expect(await db().$count(visitorCarts, eq(visitorCarts.id, signedId(stale)))).toBe(0);
    expect(await db().$count(visitorCartLines, eq(visitorCartLines.cartId, signedId(stale)))).toBe(
      0,
    );
    expect((await cartOf(stale)).lines).toEqual([]);
    expect((await cartOf(fresh)).lines).toHaveLength(1);

    // A change keeps a cart another 30 days from now.
    expect((await put(part.id, 2, fresh, ip)).statusCode).toBe(200);
    const [touched] = await db()
      .select()
      .from(visitorCarts)
      .where(eq(visitorCarts.id, signedId(fresh)));
    expect(Date.now() - touched!.updatedAt.getTime()).toBeLessThan(60_000);
  });

  it('marks the cookie Secure behind TLS', () => {
    const id = crypto.randomUUID();
    const set = visitorCartCookie(id, { secret, secure: true, maxAgeSeconds: 60 });
    expect(set).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
    expect(visitorCartCookie(id, { secret, secure: false, maxAgeSeconds: 60 })).not.toMatch(
      /Secure/,
    );
  });
});
