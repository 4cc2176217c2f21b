import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { processedEvents } from '../../src/db/schema/index.ts';
import { DB_KINDS } from '../helpers.ts';
import { startStripeMock, stripeEvent, type StripeMock } from '../stripe-mock.ts';
import { startLiveApp, type Caller, type LiveApp } from './live.ts';
import { CARD } from './routes.ts';

const WEBHOOK_SECRET = 'whsec_partsmith_security_suite';
/** Stripe's test cards that never pay (https://docs.stripe.com/testing#declined-payments). */
const DECLINING = [
  '4000000000000002',
  '4000000000009995',
  '4000000000009987',
  '4000000000009979',
  '4000000000000069',
  '4000000000000127',
  '4000000000000119',
  '4242424242424241',
];

/** Security suite 4 (Stripe's integration rules): only a real, matching payment pays an order. */
describe.each(DB_KINDS)('security suite 4: payment integrity on %s', (kind) => {
  let live: LiveApp;
  let mock: StripeMock;
  let alice: Caller;
  let bob: Caller;
  const stripe = new Stripe('sk_test_unused');
  // Each test counts its own attacks and asserts them: it passes run alone too.
  let wronglyPaid: string[] = [];
  let attacks = 0;
  beforeEach(() => {
    wronglyPaid = [];
    attacks = 0;
  });
  beforeAll(async () => {
    mock = await startStripeMock();
    live = await startLiveApp(kind, {
      env: {
        STRIPE_SECRET_KEY: mock.secretKey,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_partsmith',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: `http://${mock.apiBase.host}:${mock.apiBase.port}`,
      },
    });
    alice = await live.signUp('alice@example.com');
    bob = await live.signUp('bob@example.com');
  });
  afterAll(async () => {
    await live.close();
    await mock.close();
  });

  async function intent(who: Caller) {
    const orderId = await live.order(who);
    const res = await live.call({
      method: 'POST',
      path: '/api/create-payment-intent',
      as: who,
      body: { orderId },
    });
    expect(res.status).toBe(200);
    const secret = res.json().clientSecret as string;
    return { orderId, paymentId: secret.split('_secret_')[0]!, secret };
  }
  const markPaid = (who: Caller, orderId: string, transactionId: string) =>
    live.call({
      method: 'PATCH',
      path: `/api/purchase/${orderId}`,
      as: who,
      body: { transactionId },
    });
  /** One attack on an order that must stay unpaid: counted, and recorded if it paid. */
  async function mustStayUnpaid(orderId: string, what: string, status: number) {
    attacks++;
    expect(status, what).toBeGreaterThanOrEqual(400);
    expect(status, what).toBeLessThan(500);
    if ((await live.orderRow(orderId)).paid) wronglyPaid.push(what);
  }
  const deliver = (payload: string, signature?: string) =>
    live.call({
      method: 'POST',
      path: '/api/webhooks/stripe',
      body: payload,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
    });
  const sign = (payload: string, timestamp?: number) =>
    stripe.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      ...(timestamp ? { timestamp } : {}),
    });

  it("refuses forged transaction ids, another order's payment and a changed amount", async () => {
    const target = await intent(alice);
    for (const forged of [
      'pi_Forged123456',
      'pi_test_forged',
      target.secret,
      'ch_123',
      '../v1/customers',
      'x'.repeat(255),
    ]) {
      await mustStayUnpaid(
        target.orderId,
        `forged id ${forged.slice(0, 20)}`,
        (await markPaid(alice, target.orderId, forged)).status,
      );
    }
    // Alice's own succeeded payment of another order, and Bob's payment, do not pay this one.
    const paidElsewhere = await intent(alice);
    mock.setStatus(paidElsewhere.paymentId, 'succeeded');
    await mustStayUnpaid(
      target.orderId,
      "another order's payment",
      (await markPaid(alice, target.orderId, paidElsewhere.paymentId)).status,
    );
    const bobs = await intent(bob);
    mock.setStatus(bobs.paymentId, 'succeeded');
    await mustStayUnpaid(
      target.orderId,
      "another buyer's payment",
      (await markPaid(alice, target.orderId, bobs.paymentId)).status,
    );
    // Bob cannot mark Alice's order paid with Alice's own succeeded payment either.
    mock.setStatus(target.paymentId, 'succeeded');
    await mustStayUnpaid(
      target.orderId,
      "someone else's order",
      (await markPaid(bob, target.orderId, target.paymentId)).status,
    );
    expect((await markPaid(alice, target.orderId, target.paymentId)).status).toBe(200);

    // The amount changed at Stripe (1 cent instead of the total): refunded, never paid.
    const changed = await intent(alice);
    const pi = mock.intents.get(changed.paymentId)!;
    pi.amount = 1;
    mock.setStatus(changed.paymentId, 'succeeded').amount_received = 1;
    await mustStayUnpaid(
      changed.orderId,
      'a changed amount',
      (await markPaid(alice, changed.orderId, changed.paymentId)).status,
    );
    expect(mock.refunds.has(changed.paymentId)).toBe(true);
    console.log(
      `[payment-integrity ${kind}] ${attacks} forged, foreign or changed payments: ` +
        `${wronglyPaid.length} orders wrongly paid`,
    );
    expect(attacks).toBe(10);
    expect(wronglyPaid).toEqual([]);
  });

  it('applies a signed webhook once however often it comes, and nothing unsigned, tampered or stale', async () => {
    const { orderId, paymentId } = await intent(alice);
    const succeeded = mock.setStatus(paymentId, 'succeeded');
    const payload = stripeEvent(succeeded);
    const now = Math.floor(Date.now() / 1000);
    await mustStayUnpaid(orderId, 'unsigned webhook', (await deliver(payload)).status);
    const tampered = payload.replace(`"amount":${succeeded.amount}`, '"amount":999999');
    expect(tampered).not.toBe(payload);
    await mustStayUnpaid(
      orderId,
      'tampered webhook',
      (await deliver(tampered, sign(payload))).status,
    );
    await mustStayUnpaid(
      orderId,
      'stale webhook',
      (await deliver(payload, sign(payload, now - 301))).status,
    );
    await mustStayUnpaid(
      orderId,
      'webhook signed with another secret',
      (
        await deliver(
          payload,
          stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' }),
        )
      ).status,
    );

    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await deliver(payload, sign(payload))).json());
    expect(answers[0]).toEqual({ received: true });
    expect(answers.slice(1)).toEqual(Array(5).fill({ received: true, duplicate: true }));
    const row = await live.orderRow(orderId);
    expect(row).toMatchObject({ paid: true, transactionId: paymentId });
    const eventId = JSON.parse(payload).id as string;
    expect(
      await live.database.db.select().from(processedEvents).where(eq(processedEvents.id, eventId)),
    ).toHaveLength(1);

    // A succeeded payment of the wrong amount, delivered 6 times: one refund, still unpaid.
    const wrong = await intent(alice);
    mock.intents.get(wrong.paymentId)!.amount = 1;
    const short = stripeEvent(mock.setStatus(wrong.paymentId, 'succeeded'));
    const refundCalls = () =>
      mock.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds').length;
    const before = refundCalls();
    for (let i = 0; i < 6; i++) expect((await deliver(short, sign(short))).status).toBe(200);
    await mustStayUnpaid(wrong.orderId, 'a short payment by webhook', 402);
    expect(refundCalls() - before).toBe(1);

    console.log(
      `[payment-integrity ${kind}] ${attacks} unsigned, tampered, stale, foreign-signed or short ` +
        `webhooks: ${wronglyPaid.length} orders wrongly paid; 2 events replayed 5 times each, ` +
        'each applied once',
    );
    expect(wronglyPaid).toEqual([]);
  });
});

describe.each(DB_KINDS)('security suite 4: declining test cards on %s', (kind) => {
  let live: LiveApp;
  let buyer: Caller;
  beforeAll(async () => {
    live = await startLiveApp(kind);
    buyer = await live.signUp('buyer@example.com');
  });
  afterAll(() => live.close());

  it('leaves the order unpaid without a 5xx for every declining card', async () => {
    const results: string[] = [];
    let serverErrors = 0;
    for (const number of DECLINING) {
      const orderId = await live.order(buyer);
      const started = await live.call({
        method: 'POST',
        path: '/api/create-payment-intent',
        as: buyer,
        body: { orderId },
      });
      const clientSecret = started.json().clientSecret as string;
      const confirm = await live.call({
        method: 'POST',
        path: '/api/test-payments/confirm',
        as: buyer,
        body: { clientSecret, ...CARD, number },
      });
      const mark = await live.call({
        method: 'PATCH',
        path: `/api/purchase/${orderId}`,
        as: buyer,
        body: { transactionId: clientSecret.split('_secret_')[0] },
      });
      const paid = (await live.orderRow(orderId)).paid;
      serverErrors += [started, confirm, mark].filter((r) => r.status >= 500).length;
      if (confirm.status !== 402 || mark.status !== 402 || paid)
        results.push(`${number}: confirm ${confirm.status}, mark ${mark.status}, paid ${paid}`);
    }
    console.log(
      `[payment-integrity ${kind}] ${DECLINING.length} declining test cards: ${DECLINING.length - results.length}/${DECLINING.length} left the order unpaid with a 402, ${serverErrors} 5xx`,
    );
    expect(results).toEqual([]);
    expect(serverErrors).toBe(0);
  });
});
