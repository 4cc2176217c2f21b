import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders } from '../src/db/schema/index.ts';
import { insertPart } from '../src/db/seed/factories.ts';
import { judgeTestCard } from '../src/modules/payments/test-processor.ts';
import { DB_KINDS, buildTestApp, type TestApp } from './helpers.ts';
import { signUp } from './auth-helpers.ts';

const CARD = { expiry: '12 / 39', cvc: '123', name: 'Alice Buyer' };

describe('the test card processor answers like Stripe', () => {
  it.each([
    ['4242 4242 4242 4242', null],
    ['5555555555554444', null],
    ['4000000000000002', 'Your card was declined.'],
    ['4000000000009995', 'Your card has insufficient funds.'],
    ['4000000000000069', 'Your card has expired.'],
    ['4000000000000127', "Your card's security code is incorrect."],
    ['4242424242424243', 'Your card number is invalid.'],
    ['1234', 'Your card number is invalid.'],
  ])('%s', (number, message) => {
    expect(judgeTestCard({ number, ...CARD })?.message ?? null).toBe(message);
  });

  it('refuses an expiry in the past', () => {
    expect(
      judgeTestCard({ number: '4242424242424242', expiry: '01 / 20', cvc: '123' })?.message,
    ).toMatch(/expiration/);
  });
});

describe.each(DB_KINDS)('paying an order on %s', (kind) => {
  let t: TestApp;
  let alice: { cookie: string };
  let bob: { cookie: string };
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' } });
    alice = await signUp(t, { email: 'alice@example.com', name: 'Alice Buyer' });
    bob = await signUp(t, { email: 'bob@example.com' });
  });
  afterAll(() => t.close());

  async function order(cookie = alice.cookie, priceCents = 2500, quantity = 4) {
    const part = await insertPart(t.database.db, { priceCents, availableQuantity: 100 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: { cookie },
      payload: {
        partId: part.id,
        quantity,
        address: '1 Main Street, Springfield',
        phone: '+1 217 555 0100',
      },
    });
    return res.json().insertedId as string;
  }
  const intent = (cookie: string, body: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: { cookie },
      payload: body,
    });
  const confirm = (cookie: string, clientSecret: string, number: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/test-payments/confirm',
      headers: { cookie },
      payload: { clientSecret, number, ...CARD },
    });
  const markPaid = (cookie: string, id: string, transactionId: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/purchase/${id}`,
      headers: { cookie },
      payload: { transactionId },
    });
  const row = async (id: string) =>
    (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

  it('charges the order total whatever price the body says, and pays the order after asking the provider', async () => {
    expect((await t.app.inject('/api/payment-config')).json()).toEqual({
      provider: 'test',
      publishableKey: null,
    });
    const id = await order();
    const started = await intent(alice.cookie, { orderId: id, price: 0.01 });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ provider: 'test', amount: 100 });
    const { clientSecret } = started.json();
    // Asking twice gives the same payment.
    expect((await intent(alice.cookie, { orderId: id })).json().clientSecret).toBe(clientSecret);

    const paid = await confirm(alice.cookie, clientSecret, '4242424242424242');
    expect(paid.statusCode).toBe(200);
    const { id: transactionId } = paid.json();

    expect((await markPaid(alice.cookie, id, 'pi_forged_123')).statusCode).toBe(402);
    expect((await row(id)).paid).toBe(false);

    const ok = await markPaid(alice.cookie, id, transactionId);
    expect(ok.json()).toEqual({ acknowledged: true, modifiedCount: 1, paid: true, transactionId });
    expect(await row(id)).toMatchObject({ paid: true, transactionId });
    const again = await markPaid(alice.cookie, id, transactionId);
    expect(again.json()).toMatchObject({ modifiedCount: 0, paid: true });

    expect((await intent(alice.cookie, { orderId: id })).statusCode).toBe(409);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/orders/${id}`,
      headers: { cookie: alice.cookie },
    });
    expect(del.statusCode).toBe(409);
    expect((await row(id)).paid).toBe(true);
  });

  it("never pays an order with another order's payment", async () => {
    const first = await order();
    const second = await order();
    const { clientSecret } = (await intent(alice.cookie, { orderId: first })).json();
    const { id: transactionId } = (
      await confirm(alice.cookie, clientSecret, '4242424242424242')
    ).json();
    const res = await markPaid(alice.cookie, second, transactionId);
    expect(res.statusCode).toBe(402);
    expect((await row(second)).paid).toBe(false);
  });

  it('leaves the order unpaid with a clear message for each declining card, and no 5xx', async () => {
    const id = await order();
    const { clientSecret } = (await intent(alice.cookie, { orderId: id })).json();
    for (const [number, message] of [
      ['4000000000000002', 'Your card was declined.'],
      ['4000000000009995', 'Your card has insufficient funds.'],
      ['4000000000000069', 'Your card has expired.'],
      ['4000000000000127', "Your card's security code is incorrect."],
      ['4242424242424241', 'Your card number is invalid.'],
    ]) {
      const res = await confirm(alice.cookie, clientSecret, number!);
      expect(res.statusCode, number).toBe(402);
      expect(res.json().message).toBe(message);
    }
    expect((await row(id)).paid).toBe(false);
  });

  it("does not let another customer start or record a payment for someone's order", async () => {
    const id = await order();
    expect((await intent(bob.cookie, { orderId: id })).statusCode).toBe(404);
    expect((await markPaid(bob.cookie, id, 'pi_test_x')).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/create-payment-intent',
          payload: { orderId: id },
        })
      ).statusCode,
    ).toBe(401);
  });
});
