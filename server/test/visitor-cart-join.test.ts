import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MAX_CART_LINES } from '@partsmith/contract';
import { cartLines, parts, visitorCartLines, visitorCarts } from '../src/db/schema/index.ts';
import { insertPart, insertParts } from '../src/db/seed/factories.ts';
import { createCartService } from '../src/modules/cart/service.ts';
import { cookieOf, confirmEmail, signUp } from './auth-helpers.ts';
import { DB_KINDS, buildTestApp, type TestApp } from './helpers.ts';
import {
  browserCookie,
  COOKIE,
  signedId,
  visitorCartCalls,
  visitorSetCookie,
} from './visitor-cart-helpers.ts';

// A visitor's cart joins the account's when a session is made: sign-in, sign-up, the mailed
// confirmation link (Better Auth's after-hook, server/src/auth/auth.ts).
describe.each(DB_KINDS)("a visitor's cart joining an account's, on %s", (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const { newIp, put, cartOf, linesOfUser, signIn } = visitorCartCalls(() => t);

  it('joins the visitor’s cart at sign-in: quantities added, held to stock and minimum', async () => {
    const alice = await signUp(t, { email: 'alice@example.com', ip: newIp() });
    const mk = (name: string, stock: number, min = 1) =>
      insertPart(db(), { name, availableQuantity: stock, minOrderQuantity: min });
    const [both, onlyVisitor, raisedMin, soldOut, removed, onlyAccount] = [
      await mk('Join both', 10),
      await mk('Join visitor only', 5),
      await mk('Join raised minimum', 20, 5),
      await mk('Join sold out', 4),
      await mk('Join removed', 4),
      await mk('Join account only', 9),
    ];
    // Alice's own cart, from another device.
    for (const [part, quantity] of [
      [both, 2],
      [onlyAccount, 1],
    ] as const) {
      expect((await put(part.id, quantity, alice.cookie)).statusCode).toBe(200);
    }

    // The same person browsing signed out on this device.
    const ip = newIp();
    let cookie = browserCookie(await put(both.id, 9, undefined, ip));
    for (const [part, quantity] of [
      [onlyVisitor, 3],
      [raisedMin, 5],
      [soldOut, 2],
      [removed, 1],
    ] as const) {
      const res = await put(part.id, quantity, cookie, ip);
      expect(res.statusCode, res.body).toBe(200);
      cookie = browserCookie(res);
    }
    const visitorCartId = signedId(cookie);
    // Meanwhile the shop changes: a minimum goes up, a part sells out, one leaves the catalogue.
    await db().update(parts).set({ minOrderQuantity: 8 }).where(eq(parts.id, raisedMin.id));
    await db().update(parts).set({ availableQuantity: 0 }).where(eq(parts.id, soldOut.id));
    await db().update(parts).set({ deletedAt: new Date() }).where(eq(parts.id, removed.id));

    const res = await signIn('alice@example.com', cookie);
    expect(res.statusCode, res.body).toBe(200);
    // The visitor's cookie is cleared in the same answer; the visitor's cart is gone.
    expect(visitorSetCookie(res)).toMatch(new RegExp(`^${COOKIE}=; Max-Age=0; Path=/; HttpOnly`));
    expect(await db().$count(visitorCarts, eq(visitorCarts.id, visitorCartId))).toBe(0);
    expect(await db().$count(visitorCartLines, eq(visitorCartLines.cartId, visitorCartId))).toBe(0);

    const session = cookieOf(res);
    const joined = await cartOf(session);
    expect(joined.lines.map((l) => [l.name, l.quantity, l.problem])).toEqual([
      // 2 + 9 held to the 10 in stock.
      ['Join both', 10, null],
      ['Join account only', 1, null],
      ['Join visitor only', 3, null],
      // 5 raised to the part's new minimum of 8.
      ['Join raised minimum', 8, null],
    ]);
    expect(await linesOfUser(alice.user.id)).toHaveLength(4);

    // The old cookie, kept by a careless browser, names no cart any more.
    expect((await cartOf(cookie)).lines).toEqual([]);
    // A sign-in without a visitor's cart changes nothing and clears no cookie.
    const plain = await signIn('alice@example.com', '');
    expect(plain.statusCode).toBe(200);
    expect(visitorSetCookie(plain)).toBeUndefined();
    expect((await cartOf(session)).lines).toHaveLength(4);
  });

  it('joins the visitor’s cart at sign-up, and at the confirmation link in another browser', async () => {
    const part = await insertPart(db(), { name: 'Join at sign-up', availableQuantity: 6 });
    const ip = newIp();
    const cookie = browserCookie(await put(part.id, 4, undefined, ip));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Carol New', email: 'carol@example.com', password: 'long enough 123' },
      headers: { origin: t.config.publicUrl, cookie },
      remoteAddress: ip,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(visitorSetCookie(res)).toMatch(/^partsmith\.visitor_cart=; Max-Age=0/);
    const carol = res.json().user.id as string;
    expect(await linesOfUser(carol)).toEqual([{ partId: part.id, quantity: 4 }]);

    // Dave signs up on his phone, fills a cart on his computer signed out, then opens the mailed
    // link there: the link signs him in on the computer, and that cart joins his account.
    const dave = await signUp(t, { email: 'dave@example.com', confirm: false, ip: newIp() });
    const computer = newIp();
    const davesCart = browserCookie(await put(part.id, 2, undefined, computer));
    const confirmed = await confirmEmail(t, 'dave@example.com', davesCart);
    expect(visitorSetCookie(confirmed)).toMatch(/^partsmith\.visitor_cart=; Max-Age=0/);
    expect(await linesOfUser(dave.user.id)).toEqual([{ partId: part.id, quantity: 2 }]);
    expect(await db().$count(visitorCarts, eq(visitorCarts.id, signedId(davesCart)))).toBe(0);
  });

  it(`keeps at most ${MAX_CART_LINES} parts when a cart joins: the visitor’s newest new parts are left out`, async () => {
    const erin = await signUp(t, { email: 'erin@example.com', ip: newIp() });
    const many = await insertParts(
      db(),
      Array.from({ length: MAX_CART_LINES + 2 }, (_, i) => ({
        name: `Join bulk ${i}`,
        availableQuantity: 10,
      })),
    );
    const accountParts = many.slice(0, MAX_CART_LINES - 1);
    await db()
      .insert(cartLines)
      .values(accountParts.map((p) => ({ userId: erin.user.id, partId: p.id, quantity: 1 })));
    // The visitor: a part the account has, then three new ones (only the first has room).
    const ip = newIp();
    const cookie = browserCookie(await put(many[0]!.id, 2, undefined, ip));
    for (const p of [many[MAX_CART_LINES - 1]!, many[MAX_CART_LINES]!, many[MAX_CART_LINES + 1]!])
      expect((await put(p.id, 1, cookie, ip)).statusCode).toBe(200);

    const res = await signIn('erin@example.com', cookie);
    expect(res.statusCode, res.body).toBe(200);
    const lines = new Map((await linesOfUser(erin.user.id)).map((l) => [l.partId, l.quantity]));
    expect(lines.size).toBe(MAX_CART_LINES);
    expect(lines.get(many[0]!.id)).toBe(3);
    expect(lines.get(many[MAX_CART_LINES - 1]!.id)).toBe(1);
    expect(lines.has(many[MAX_CART_LINES]!.id)).toBe(false);
    expect(lines.has(many[MAX_CART_LINES + 1]!.id)).toBe(false);
    expect(visitorSetCookie(res)).toMatch(/Max-Age=0/);
  });

  it('joins a cart once when two tabs sign in with the same cookie at once', async () => {
    const frank = await signUp(t, { email: 'frank@example.com', ip: newIp() });
    const part = await insertPart(db(), { name: 'Join twice', availableQuantity: 50 });
    expect((await put(part.id, 2, frank.cookie)).statusCode).toBe(200);
    const cookie = browserCookie(await put(part.id, 3, undefined, newIp()));
    // Three: the sign-in lock lets no more than that reach one account's password check at once.
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => signIn('frank@example.com', cookie)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    // 2 + 3, however many sign-ins read the visitor's cart.
    expect(await linesOfUser(frank.user.id)).toEqual([{ partId: part.id, quantity: 5 }]);
    expect(await db().$count(visitorCarts, eq(visitorCarts.id, signedId(cookie)))).toBe(0);

    // The join itself, many at once (the sign-ins above are spread out by the password check).
    const cart = createCartService(db());
    for (let round = 0; round < 5; round++) {
      const visitor = browserCookie(await put(part.id, 1, undefined, newIp()));
      const joined = await Promise.all(
        Array.from({ length: 6 }, () => cart.join(signedId(visitor), frank.user.id)),
      );
      expect(joined.filter((n) => n === 1)).toHaveLength(1);
      expect(await linesOfUser(frank.user.id)).toEqual([{ partId: part.id, quantity: 6 + round }]);
    }
  });
});
