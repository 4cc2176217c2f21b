import { addAddress } from '../address-helpers.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { EMAIL_NOT_CONFIRMED_MESSAGE } from '@partsmith/contract';
import { loadConfig } from '../../src/config.ts';
import { orders, users } from '../../src/db/schema/index.ts';
import { insertPart } from '../../src/db/seed/factories.ts';
import { setRoleByEmail } from '../../src/modules/users/service.ts';
import { decodeMail, isMailTo } from '../../../scripts/mail-links.mjs';
import { confirmEmail, cookieOf, signUp } from '../auth-helpers.ts';
import { DB_KINDS, SHOP_LIMITS, buildTestApp, type TestApp } from '../helpers.ts';
import { PASSWORD, abuseCalls } from './abuse-helpers.ts';

/**
 * The trust section of the security suite ("abuse"): what a hostile customer with nothing but
 * the free sign-up could do, each refused, with the shop's own default limits. Each test prints
 * its figure. Here the accounts, the orders and the admins; the per-address and per-account
 * limits are in abuse-limits.test.ts.
 */
describe.each(DB_KINDS)('security suite 9: abuse on %s', (kind) => {
  let t: TestApp;
  const figure = (text: string) => console.log(`[abuse ${kind}] ${text}`);
  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: { ...SHOP_LIMITS, ADMIN_EMAILS: 'owner@example.com' },
    });
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const { origin, post, purchase, stockOf, upload, signIn } = abuseCalls(() => t);

  it('an unconfirmed account orders, pays, reviews and uploads nothing; confirmed, it orders', async () => {
    const { cookie } = await signUp(t, {
      email: 'unconfirmed@example.com',
      confirm: false,
      ip: '192.0.2.1',
    });
    const part = await insertPart(t.database.db, { availableQuantity: 10 });
    const N = 5;
    const answers = [];
    for (let i = 0; i < N; i++) answers.push(await purchase(cookie, part.id));
    const accepted = answers.filter((a) => a.statusCode === 200).length;
    for (const a of answers) {
      expect(a.statusCode).toBe(403);
      expect(a.json().message).toBe(EMAIL_NOT_CONFIRMED_MESSAGE);
    }
    const pay = await post('/api/create-payment-intent', { orderId: part.id }, cookie);
    const review = await post('/api/addReview', { rating: 5, type: 'x', image: '' }, cookie);
    const image = await upload(cookie);
    expect([pay.statusCode, review.statusCode, image.statusCode]).toEqual([403, 403, 403]);
    expect(await stockOf(part.id)).toBe(10);
    // Browsing, the profile and My Orders do not wait for the confirmation.
    const mine = await t.app.inject({
      url: '/api/orders?userEmail=unconfirmed@example.com',
      headers: { cookie },
    });
    expect(mine.statusCode).toBe(200);
    // Nor can the account confirm itself, or promote itself, through Better Auth's update-user.
    const forged = await post(
      '/api/auth/update-user',
      { name: 'Still Me', emailVerified: true, role: 'admin' },
      cookie,
    );
    const [self] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'unconfirmed@example.com'));
    // Refused (400) or ignored: either way nothing changes.
    expect([200, 400]).toContain(forged.statusCode);
    expect([self!.emailVerified, self!.role]).toEqual([false, 'customer']);
    const verifiedOnly = await post('/api/auth/update-user', { emailVerified: true }, cookie);
    expect([200, 400]).toContain(verifiedOnly.statusCode);
    expect(
      (
        await t.database.db.select().from(users).where(eq(users.email, 'unconfirmed@example.com'))
      )[0]!.emailVerified,
    ).toBe(false);
    expect((await purchase(cookie, part.id)).statusCode).toBe(403);
    await confirmEmail(t, 'unconfirmed@example.com', cookie);
    expect((await purchase(cookie, part.id)).statusCode).toBe(200);
    figure(
      `unconfirmed account orders ${accepted} of ${N}; pay, review, upload 403; confirmed 200`,
    );
  });

  it('makes an ADMIN_EMAILS address an administrator only once it is confirmed', async () => {
    const { cookie } = await signUp(t, {
      email: 'owner@example.com',
      confirm: false,
      ip: '192.0.2.2',
    });
    const check = async () =>
      (await t.app.inject({ url: '/api/admin/owner@example.com', headers: { cookie } })).json();
    const users1 = await t.app.inject({ url: '/api/users', headers: { cookie } });
    const before = await check();
    // Signing in again before confirming changes nothing.
    const again = cookieOf(await signIn('owner@example.com', PASSWORD, '192.0.2.2'));
    expect((await t.app.inject({ url: '/api/users', headers: { cookie: again } })).statusCode).toBe(
      403,
    );
    await confirmEmail(t, 'owner@example.com', cookie);
    const after = await check();
    const users2 = await t.app.inject({ url: '/api/users', headers: { cookie } });
    expect([before.admin, users1.statusCode, after.admin, users2.statusCode]).toEqual([
      false,
      403,
      true,
      200,
    ]);
    figure(
      `ADMIN_EMAILS sign-up unconfirmed: admin ${before.admin}, GET /api/users ${users1.statusCode}; ` +
        `confirmed: admin ${after.admin}, GET /api/users ${users2.statusCode}`,
    );
  });

  it('refuses the 6th unpaid order and lets the customer order again once one is deleted', async () => {
    const { cookie } = await signUp(t, { email: 'hoarder@example.com', ip: '192.0.2.3' });
    const part = await insertPart(t.database.db, { availableQuantity: 100 });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await purchase(cookie, part.id)).statusCode);
    const sixth = await purchase(cookie, part.id);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(409);
    expect(sixth.json().message).toBe('You have 5 unpaid orders: pay or delete one first.');
    expect(await stockOf(part.id)).toBe(95);
    // A checkout of the cart is held to the same limit, and says so (it was a 500 once: its
    // 409 names lines, and this one has none).
    const line = await t.app.inject({
      method: 'PUT',
      url: `/api/cart/lines/${part.id}`,
      headers: { ...origin(), cookie },
      payload: { quantity: 1 },
    });
    expect(line.statusCode, line.body).toBe(200);
    const addressId = await addAddress(t, cookie);
    const checkout = await post('/api/checkout', { addressId }, cookie);
    expect(checkout.statusCode, checkout.body).toBe(409);
    expect(checkout.json()).toMatchObject({
      message: 'You have 5 unpaid orders: pay or delete one first.',
      lines: [],
    });
    expect(await stockOf(part.id)).toBe(95);
    const [one] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.userEmail, 'hoarder@example.com'));
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/orders/${one!.id}`,
      headers: { ...origin(), cookie },
    });
    expect(removed.statusCode).toBe(200);
    expect((await purchase(cookie, part.id)).statusCode).toBe(200);
    figure(`unpaid orders 1-6: ${statuses.join(', ')}; after deleting one, the next 200`);
  });

  it('holds one customer to 5 unpaid orders even when 12 purchases arrive at once', async () => {
    const { cookie } = await signUp(t, { email: 'rush@example.com', ip: '192.0.2.9' });
    const part = await insertPart(t.database.db, { availableQuantity: 100 });
    const answers = await Promise.all(Array.from({ length: 12 }, () => purchase(cookie, part.id)));
    const accepted = answers.filter((a) => a.statusCode === 200).length;
    expect(answers.map((a) => a.statusCode).sort()).toEqual([
      ...Array(5).fill(200),
      ...Array(7).fill(409),
    ]);
    expect(await stockOf(part.id)).toBe(95);
    figure(`12 purchases at once by one customer: ${accepted} accepted, the rest 409`);
  });

  it('expires unpaid orders after UNPAID_ORDER_TTL and puts their stock back', async () => {
    const shop = t;
    // A shop of its own whose unpaid orders expire after 2 s (24 h by default).
    t = await buildTestApp(kind, { env: { ...SHOP_LIMITS, UNPAID_ORDER_TTL: '2s' } });
    try {
      await expiresAfterTtl();
    } finally {
      await t.close();
      t = shop;
    }
  });
  async function expiresAfterTtl() {
    const { cookie } = await signUp(t, { email: 'slow-payer@example.com' });
    const part = await insertPart(t.database.db, { availableQuantity: 3 });
    const placed = await purchase(cookie, part.id);
    expect(placed.statusCode).toBe(200);
    const id = placed.json().insertedId as string;
    const shown = await t.app.inject({ url: `/api/purchase/${id}`, headers: { cookie } });
    const expiresAt = Date.parse(shown.json().expiresAt as string);
    expect(expiresAt - Date.parse(shown.json().createdAt as string)).toBe(2000);
    expect(await stockOf(part.id)).toBe(2);
    await vi.waitFor(async () => expect(await stockOf(part.id)).toBe(3), {
      timeout: 10_000,
      interval: 200,
    });
    const after = await t.app.inject({ url: `/api/purchase/${id}`, headers: { cookie } });
    expect(after.json()).toMatchObject({ expired: true, expiresAt: null });
    figure('an unpaid order expired after its TTL (2 s here, 24 h by default): stock 2 -> 3');
  }

  it('locks an account for a fixed window that refused attempts do not extend; a reset lifts it', async () => {
    const ip = '192.0.2.5';
    await signUp(t, { email: 'locked@example.com', ip });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const start = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await signIn('locked@example.com', 'wrong password 1', ip)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    vi.setSystemTime(start + 45_000);
    const refused = (await signIn('locked@example.com', PASSWORD, ip)).statusCode;
    vi.setSystemTime(start + 61_000);
    const later = (await signIn('locked@example.com', PASSWORD, ip)).statusCode;
    expect([refused, later]).toEqual([429, 200]);

    // Locked again; the owner resets the password and signs in with it at once.
    for (let i = 0; i < 4; i++) await signIn('locked@example.com', 'wrong password 2', ip);
    expect((await signIn('locked@example.com', PASSWORD, ip)).statusCode).toBe(429);
    const ask = await post(
      '/api/auth/request-password-reset',
      { email: 'locked@example.com', redirectTo: '/reset-password' },
      undefined,
      ip,
    );
    expect(ask.statusCode).toBe(200);
    const mail = t
      .outbox()
      .filter((m) => isMailTo(m, 'locked@example.com') && m.includes('Reset your'))
      .pop()!;
    const token = /\/api\/auth\/reset-password\/([A-Za-z0-9_-]+)/.exec(decodeMail(mail))![1]!;
    const reset = await post(
      '/api/auth/reset-password',
      { newPassword: 'a new long one 9', token },
      undefined,
      ip,
    );
    expect(reset.statusCode).toBe(200);
    const afterReset = (await signIn('locked@example.com', 'a new long one 9', ip)).statusCode;
    expect(afterReset).toBe(200);
    figure(
      `sign-in attempts 1-4: ${statuses.join(', ')}; right password 45 s in ${refused}, ` +
        `61 s in ${later}; with the new password right after a reset ${afterReset}`,
    );
  });

  it('never leaves the shop without an administrator when two admins delete each other', async () => {
    const ROUNDS = 10;
    let deleted = 0;
    let leftWithNone = 0;
    for (let round = 0; round < ROUNDS; round++) {
      // This round's two admins are the shop's only ones.
      await t.database.db.update(users).set({ role: 'customer' }).where(eq(users.role, 'admin'));
      const pair = [];
      for (const n of [1, 2]) {
        const email = `admin-${round}-${n}@example.com`;
        const ip = `198.51.100.${round * 2 + n}`;
        const { user } = await signUp(t, { email, ip });
        await setRoleByEmail(t.database.db, email, 'admin');
        pair.push({ id: user.id, cookie: cookieOf(await signIn(email, PASSWORD, ip)) });
      }
      const [a, b] = pair as [(typeof pair)[0], (typeof pair)[0]];
      const answers = await Promise.all([
        t.app.inject({
          method: 'DELETE',
          url: `/api/user/${b.id}`,
          headers: { ...origin(), cookie: a.cookie },
        }),
        t.app.inject({
          method: 'DELETE',
          url: `/api/user/${a.id}`,
          headers: { ...origin(), cookie: b.cookie },
        }),
      ]);
      deleted += answers.filter((r) => r.statusCode === 200).length;
      for (const r of answers) expect([200, 401, 409]).toContain(r.statusCode);
      const admins = await t.database.db.$count(users, eq(users.role, 'admin'));
      if (admins === 0) leftWithNone++;
      expect(
        await t.database.db.$count(users, inArray(users.id, [a.id, b.id])),
      ).toBeGreaterThanOrEqual(1);
    }
    expect(leftWithNone).toBe(0);
    expect(deleted).toBe(ROUNDS);
    figure(
      `two admins deleting each other at once, ${ROUNDS} rounds: ${deleted} deletions, ` +
        `${leftWithNone} rounds left without an admin`,
    );
  });
});

describe('security suite 9: test payments only where safe', () => {
  it('refuses to start beyond loopback with the test processor unless ALLOW_TEST_PAYMENTS', () => {
    const refused = () => loadConfig({ HOST: '0.0.0.0' });
    expect(refused).toThrow(/ALLOW_TEST_PAYMENTS/);
    expect(refused).toThrow(/STRIPE_SECRET_KEY/);
    for (const env of ['development', 'test', 'production'] as const)
      expect(() => loadConfig({ HOST: '0.0.0.0', NODE_ENV: env })).toThrow(/ALLOW_TEST_PAYMENTS/);
    expect(loadConfig({ HOST: '0.0.0.0', ALLOW_TEST_PAYMENTS: 'true' }).host).toBe('0.0.0.0');
    expect(
      loadConfig({
        HOST: '0.0.0.0',
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      }).host,
    ).toBe('0.0.0.0');
    for (const host of ['127.0.0.1', 'localhost', '::1', '127.0.0.2'])
      expect(loadConfig({ HOST: host }).host).toBe(host);
    console.log(
      '[abuse] HOST=0.0.0.0 with the test processor: refused in development, test and production; ' +
        'allowed with ALLOW_TEST_PAYMENTS=true or Stripe keys',
    );
  });
});
