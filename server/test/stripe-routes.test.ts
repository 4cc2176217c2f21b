import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { orders } from '../src/db/schema/index.ts';
import { insertPart } from '../src/db/seed/factories.ts';
import { DB_KINDS, buildTestApp, type TestApp } from './helpers.ts';
import { signUp } from './auth-helpers.ts';
import { startStripeMock, type StripeMock } from './stripe-mock.ts';

const WEBHOOK_SECRET = 'whsec_partsmith_routes_test';

describe.each(DB_KINDS)('the shop with Stripe keys on %s', (kind) => {
  let t: TestApp;
  let stripeApi: StripeMock;
  let alice: { cookie: string };
  beforeAll(async () => {
    stripeApi = await startStripeMock();
    t = await buildTestApp(kind, {
      env: {
        STRIPE_SECRET_KEY: stripeApi.secretKey,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_partsmith',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: `http://${stripeApi.apiBase.host}:${stripeApi.apiBase.port}`,
      },
    });
    alice = await signUp(t, { email: 'alice@example.com' });
  });
  afterAll(async () => {
    await t.close();
    await stripeApi.close();
  });

  async function placeOrder() {
    const part = await insertPart(t.database.db, { priceCents: 1999, availableQuantity: 50 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: { cookie: alice.cookie },
      payload: {
        partId: part.id,
        quantity: 3,
        address: '1 Main Street, Springfield',
        phone: '+1 217 555 0100',
      },
    });
    return res.json().insertedId as string;
  }

  it('creates the PaymentIntent for the order total with the order id in metadata, and pays after asking Stripe', async () => {
    expect((await t.app.inject('/api/payment-config')).json()).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_partsmith',
    });
    const id = await placeOrder();
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: { cookie: alice.cookie },
      payload: { orderId: id, price: 1 },
    });
    expect(started.json()).toMatchObject({ provider: 'stripe', amount: 59.97 });
    const created = stripeApi.requests.find(
      (r) => r.method === 'POST' && r.path === '/v1/payment_intents',
    )!;
    expect(created.params).toMatchObject({
      amount: '5997',
      currency: 'usd',
      metadata: { orderId: id },
    });
    expect(created.headers['idempotency-key']).toBe(`order-${id}-5997`);
    const intent = [...stripeApi.intents.values()].find((i) => i.metadata.orderId === id)!;

    // Not paid yet at Stripe: the PATCH changes nothing.
    const early = await t.app.inject({
      method: 'PATCH',
      url: `/api/purchase/${id}`,
      headers: { cookie: alice.cookie },
      payload: { transactionId: intent.id },
    });
    expect(early.statusCode).toBe(402);
    stripeApi.setStatus(intent.id, 'succeeded');
    const paid = await t.app.inject({
      method: 'PATCH',
      url: `/api/purchase/${id}`,
      headers: { cookie: alice.cookie },
      payload: { transactionId: intent.id },
    });
    expect(paid.json()).toMatchObject({ paid: true, modifiedCount: 1, transactionId: intent.id });
  });

  it('the webhook and the PATCH both arriving pay the order exactly once', async () => {
    const id = await placeOrder();
    await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: { cookie: alice.cookie },
      payload: { orderId: id },
    });
    const intent = stripeApi.setStatus(
      [...stripeApi.intents.values()].find((i) => i.metadata.orderId === id)!.id,
      'succeeded',
    );
    const payload = JSON.stringify({
      id: `evt_${id.slice(0, 8)}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: intent },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    expect(hook.statusCode).toBe(200);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/purchase/${id}`,
      headers: { cookie: alice.cookie },
      payload: { transactionId: intent.id },
    });
    expect(patch.json()).toMatchObject({ paid: true, modifiedCount: 0, transactionId: intent.id });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({ paid: true, transactionId: intent.id });
  });

  it("lets Stripe Elements load through the page's content security policy", async () => {
    const csp = String((await t.app.inject('/api/healthz')).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
  });

  it('the test card endpoint is not in use next to Stripe', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test-payments/confirm',
      headers: { cookie: alice.cookie },
      payload: { clientSecret: 'x', number: '4242424242424242', expiry: '12 / 39', cvc: '123' },
    });
    expect(res.statusCode).toBe(404);
  });
});
