import { CALIFORNIA, addressBook } from '../address-helpers.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Quote } from '@partsmith/contract';
import { loadConfig } from '../../src/config.ts';
import { orders, parts } from '../../src/db/schema/index.ts';
import { insertPart } from '../../src/db/seed/factories.ts';
import { signUp } from '../auth-helpers.ts';
import { DB_KINDS, SHOP_LIMITS, buildTestApp, type TestApp } from '../helpers.ts';

const ADDRESS = '1 Main Street, Springfield, IL 62701';
const PHONE = '+1 (217) 555-0100';

/**
 * The hostile section of the security suite: one account cannot hold the catalogue's stock with
 * unpaid orders (MAX_UNPAID_VALUE, decision 054), with the shop's own default limits. Each test
 * prints its figure.
 */
describe.each(DB_KINDS)('security suite: hostile stock holding on %s', (kind) => {
  let t: TestApp;
  let owner: { cookie: string };
  let ip = 0;
  const figure = (text: string) => console.log(`[hostile ${kind}] ${text}`);
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { ...SHOP_LIMITS, ADMIN_EMAILS: 'owner@example.com' } });
    owner = await signUp(t, { email: 'owner@example.com', ip: '198.51.100.250' });
  });
  afterAll(() => t.close());

  /** A confirmed customer, signing up from an address of its own (sign-ups are limited by it). */
  const customer = (name: string) =>
    signUp(t, { email: `${name}@example.com`, ip: `198.51.100.${++ip}` });
  const send = (method: 'POST' | 'PUT', url: string, cookie: string, payload: object) =>
    t.app.inject({
      method,
      url,
      payload,
      headers: { origin: t.config.publicUrl, cookie },
    });
  const toCart = (cookie: string, partId: string, quantity: number) =>
    send('PUT', `/api/cart/lines/${partId}`, cookie, { quantity });
  const removeFromCart = (cookie: string, partId: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/cart/lines/${partId}`,
      headers: { origin: t.config.publicUrl, cookie },
    });
  // California: no sales tax, and Standard ships free above $500, so these orders' totals are
  // their lines' sums (the limits count totals).
  const addressOf = addressBook(() => t);
  const checkout = async (cookie: string) =>
    send('POST', '/api/checkout', cookie, { addressId: await addressOf(cookie, CALIFORNIA) });
  const purchase = (cookie: string, partId: string, quantity: number) =>
    send('POST', '/api/purchase', cookie, { partId, quantity, address: ADDRESS, phone: PHONE });
  /** A part of `stock` units at `dollars` each. */
  const part = (dollars: number, stock: number) =>
    insertPart(t.database.db, { priceCents: dollars * 100, availableQuantity: stock });
  const stockOf = async (id: string) =>
    (await t.database.db.select().from(parts).where(eq(parts.id, id)))[0]!.availableQuantity;
  /** What a customer's open unpaid orders hold, in dollars. */
  const heldBy = async (userId: string) =>
    (
      await t.database.db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.paid, false)))
    ).reduce((sum, o) => sum + o.totalCents / 100, 0);

  it('one account cannot check out the full stock of 3 parts: right after, another customer buys each', async () => {
    expect(loadConfig({}).maxUnpaidValueCents).toBe(500_000);
    // $200 x 30 = $6,000 a part: even one part's whole stock is above the $5,000 default.
    const catalogue = [await part(200, 30), await part(200, 30), await part(200, 30)];
    const hoarder = await customer('hoarder');
    for (const p of catalogue)
      expect((await toCart(hoarder.cookie, p.id, 30)).statusCode).toBe(200);
    const whole = await checkout(hoarder.cookie);
    expect(whole.statusCode, whole.body).toBe(409);
    // Then each part's whole stock alone, by the cart and by the spec's purchase.
    const alone = [];
    for (const p of catalogue) {
      for (const q of catalogue) if (q.id !== p.id) await removeFromCart(hoarder.cookie, q.id);
      await toCart(hoarder.cookie, p.id, 30);
      alone.push((await checkout(hoarder.cookie)).statusCode);
      alone.push((await purchase(hoarder.cookie, p.id, 30)).statusCode);
    }
    expect(alone).toEqual([409, 409, 409, 409, 409, 409]);

    const other = await customer('other-buyer');
    const bought = [];
    for (const p of catalogue) bought.push((await purchase(other.cookie, p.id, 1)).statusCode);
    expect(bought).toEqual([200, 200, 200]);
    const left = await Promise.all(catalogue.map((p) => stockOf(p.id)));
    expect(left).toEqual([29, 29, 29]);
    figure(
      `a checkout of 3 parts' whole stock ($18,000) and each part alone ($6,000) by one ` +
        `account: ${alone.length + 1} refused (409), $${await heldBy(hoarder.user.id)} held; ` +
        `another customer then bought ${bought.filter((s) => s === 200).length}/3 (stock left ${left.join(', ')})`,
    );
  });

  it('the 409 says what the unpaid orders come to and what to do; nothing is taken', async () => {
    const buyer = await customer('big-spender');
    const held = await part(100, 100);
    const wanted = await part(250, 100);
    expect((await purchase(buyer.cookie, held.id, 30)).statusCode).toBe(200); // $3,000 unpaid
    await toCart(buyer.cookie, wanted.id, 10); // $2,500 more
    const refused = await checkout(buyer.cookie);
    expect(refused.statusCode, refused.body).toBe(409);
    const message = refused.json().message as string;
    expect(message).toBe(
      'This order ($2,500.00) and your unpaid orders ($3,000.00) would come to more than ' +
        '$5,000.00, the most one account may hold in unpaid orders. Pay your open orders first, ' +
        'or use Request a quote for a larger order. Nothing was ordered.',
    );
    expect(refused.json().lines).toEqual([]);
    expect(await stockOf(wanted.id)).toBe(100);
    // The cart is kept for after the payment; the purchase's 409 says the same.
    const bought = await purchase(buyer.cookie, wanted.id, 10);
    expect(bought.statusCode).toBe(409);
    expect(bought.json().message).toBe(message);
    // At the limit exactly is allowed: $3,000 + 8 x $250.
    expect((await purchase(buyer.cookie, wanted.id, 8)).statusCode).toBe(200);
    figure(`409 at $3,000 held + $2,500: "${message}"; $5,000.00 exactly accepted`);
  });

  it("an accepted quote's order above $5,000 is not refused, and it counts toward the total after", async () => {
    const buyer = await customer('quoted');
    const bulk = await part(150, 500);
    const asked = await send('POST', '/api/quotes', buyer.cookie, {
      lines: [{ partId: bulk.id, quantity: 100 }],
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const quote = Quote.parse(asked.json());
    const answered = await send('PUT', `/api/quotes/${quote._id}`, owner.cookie, {
      lines: [{ partId: bulk.id, unitPrice: 120 }],
      validUntil: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const accepted = await send('POST', `/api/quotes/${quote._id}/accept`, buyer.cookie, {
      addressId: await addressOf(buyer.cookie, CALIFORNIA),
    });
    expect(accepted.statusCode, accepted.body).toBe(200); // $12,000 unpaid
    expect(await stockOf(bulk.id)).toBe(400);
    // Its order is open and unpaid: a $150 purchase now waits for its payment.
    const more = await purchase(buyer.cookie, bulk.id, 1);
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toContain('Pay your open orders first');
    figure(
      `an accepted quote's $12,000 order placed; a $150 purchase after it: ${more.statusCode}`,
    );
  });

  it('orders at once by one account, each under the limit, together above it: one passes', async () => {
    const buyer = await customer('racer');
    const catalogue = await Promise.all(Array.from({ length: 6 }, () => part(100, 100)));
    await toCart(buyer.cookie, catalogue[0]!.id, 30);
    // A checkout and five purchases of $3,000 each at once: any two are above $5,000.
    const answers = await Promise.all([
      checkout(buyer.cookie),
      ...catalogue.slice(1).map((p) => purchase(buyer.cookie, p.id, 30)),
    ]);
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
    expect(await heldBy(buyer.user.id)).toBe(3_000);
    const left = await Promise.all(catalogue.map((p) => stockOf(p.id)));
    expect(left.reduce((a, b) => a + b, 0)).toBe(570);
    figure(`6 orders of $3,000 at once by one account: ${statuses.join(', ')}; $3,000 held`);
  });

  it('a buyer marked exempt (the seam for payment terms) is not held to the value', async () => {
    const buyer = await customer('on-terms');
    const p = await part(100, 200);
    const order = (exempt: boolean) =>
      t.app.orders.place(
        { partId: p.id, quantity: 60, address: ADDRESS, phone: PHONE },
        {
          id: buyer.user.id,
          email: 'on-terms@example.com',
          name: 'Test User',
          unpaidValueExempt: exempt,
        },
      );
    await expect(order(false)).rejects.toMatchObject({ statusCode: 409 });
    expect((await order(true)).statusCode).toBe(200);
    figure(`a $6,000 purchase: refused, then placed for the same buyer marked exempt`);
  });

  it("the spec's purchase counts toward the same total as a checkout, both ways", async () => {
    const first = await customer('purchase-first');
    const second = await customer('checkout-first');
    const p = await part(100, 200);
    const q = await part(100, 200);
    expect((await purchase(first.cookie, p.id, 30)).statusCode).toBe(200);
    await toCart(first.cookie, q.id, 25);
    const afterPurchase = (await checkout(first.cookie)).statusCode;
    await toCart(second.cookie, q.id, 30);
    expect((await checkout(second.cookie)).statusCode).toBe(200);
    const afterCheckout = (await purchase(second.cookie, p.id, 25)).statusCode;
    expect([afterPurchase, afterCheckout]).toEqual([409, 409]);
    figure(
      `$3,000 by purchase then a $2,500 checkout: ${afterPurchase}; $3,000 by checkout then a ` +
        `$2,500 purchase: ${afterCheckout}`,
    );
  });
});
