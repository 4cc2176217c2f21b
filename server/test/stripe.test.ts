import fs from 'node:fs';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { orders, processedEvents } from '../src/db/schema/index.ts';
import { createStripeProvider } from '../src/modules/payments/stripe-provider.ts';
import { stripeWebhookRoutes } from '../src/modules/payments/stripe-webhook.ts';
import { DB_KINDS, openTestDatabase, tempDir } from './helpers.ts';
import { startStripeMock, stripeEvent, type StripeMock } from './stripe-mock.ts';
import { insertOrders } from './order-rows.ts';

const PUBLISHABLE_KEY = 'pk_test_partsmith';

describe('Stripe provider through the official SDK, against a local Stripe-speaking server', () => {
  let mock: StripeMock;
  let provider: Awaited<ReturnType<typeof createStripeProvider>>;
  beforeAll(async () => {
    mock = await startStripeMock();
    provider = await createStripeProvider({
      secretKey: mock.secretKey,
      publishableKey: PUBLISHABLE_KEY,
      apiBase: mock.apiBase,
    });
  });
  afterAll(() => mock.close());

  const input = (overrides: Partial<Parameters<typeof provider.createPayment>[0]> = {}) => ({
    orderId: randomUUID(),
    amountCents: 4998,
    currency: 'usd' as const,
    idempotencyKey: `order-${randomUUID()}`,
    receiptEmail: 'buyer@example.com',
    description: 'Partsmith order: 2 x Torque Driver',
    ...overrides,
  });

  it('names itself and hands out the publishable key, never the secret one', () => {
    expect(provider.name).toBe('stripe');
    expect(provider.publishableKey).toBe(PUBLISHABLE_KEY);
  });

  it('creates a PaymentIntent with the order id in its metadata and our idempotency key', async () => {
    const order = input();
    const before = mock.requests.length;
    const payment = await provider.createPayment(order);

    expect(payment).toEqual({
      id: expect.stringMatching(/^pi_[A-Za-z0-9]+$/),
      status: 'requires_payment_method',
      amountCents: 4998,
      currency: 'usd',
      orderId: order.orderId,
      clientSecret: expect.stringMatching(/^pi_[A-Za-z0-9]+_secret_/),
    });
    const sent = mock.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/v1/payment_intents' });
    expect(sent[0]!.headers['idempotency-key']).toBe(order.idempotencyKey);
    expect(sent[0]!.headers.authorization).toBe(`Bearer ${mock.secretKey}`);
    expect(sent[0]!.params).toEqual({
      amount: '4998',
      currency: 'usd',
      metadata: { orderId: order.orderId },
      receipt_email: 'buyer@example.com',
      description: 'Partsmith order: 2 x Torque Driver',
      automatic_payment_methods: { enabled: 'true', allow_redirects: 'never' },
    });
  });

  it('answers the same intent for the same idempotency key, a new one for a new key', async () => {
    const order = input();
    const first = await provider.createPayment(order);
    const again = await provider.createPayment(order);
    expect(again.id).toBe(first.id);
    expect(again.clientSecret).toBe(first.clientSecret);
    const other = await provider.createPayment({
      ...order,
      idempotencyKey: `${order.idempotencyKey}-2`,
    });
    expect(other.id).not.toBe(first.id);
    const created = [...mock.intents.values()].filter((i) => i.metadata.orderId === order.orderId);
    expect(created).toHaveLength(2);
  });

  it("reads the provider's own record back: status, amount and order id", async () => {
    const order = input({ amountCents: 1250 });
    const created = await provider.createPayment(order);
    expect(await provider.retrievePayment(created.id)).toMatchObject({
      id: created.id,
      status: 'requires_payment_method',
      amountCents: 1250,
      orderId: order.orderId,
    });

    mock.setStatus(created.id, 'succeeded');
    expect(await provider.retrievePayment(created.id)).toEqual({
      id: created.id,
      status: 'succeeded',
      amountCents: 1250,
      currency: 'usd',
      orderId: order.orderId,
      clientSecret: created.clientSecret,
    });
  });

  it('refunds part of a payment by amount, once per key, then the rest in full', async () => {
    const created = await provider.createPayment(input({ amountCents: 5000 }));
    mock.setStatus(created.id, 'succeeded');
    const part = { amountCents: 1200, key: 'part-1-1200', reason: 'Returned' };
    const first = await provider.refundPart(created.id, part);
    const sent = mock.requests.at(-1)!;
    expect(sent.params).toMatchObject({ payment_intent: created.id, amount: '1200' });
    expect(sent.headers['idempotency-key']).toBe(`refund-${created.id}-part-1-1200`);
    // A retry with the same key is the same refund; more than is left is refused.
    expect(await provider.refundPart(created.id, part)).toEqual(first);
    await expect(
      provider.refundPart(created.id, { amountCents: 4000, key: 'part-2-4000', reason: 'x' }),
    ).rejects.toThrow(/greater than unrefunded/);
    const rest = await provider.refundPayment(created.id, 'Cancelled');
    expect(mock.refunds.get(created.id)).toMatchObject({ id: rest.refundId, amount: 3800 });
    expect(mock.partRefunds.filter((r) => r.payment_intent === created.id)).toHaveLength(1);
  });

  it('answers null for an unknown intent (Stripe 404 resource_missing)', async () => {
    const before = mock.requests.length;
    expect(await provider.retrievePayment('pi_DoesNotExist123')).toBeNull();
    expect(mock.requests.slice(before)).toMatchObject([
      { method: 'GET', path: '/v1/payment_intents/pi_DoesNotExist123' },
    ]);
  });

  it('answers null without asking Stripe for ids that are not PaymentIntent ids', async () => {
    const { clientSecret } = await provider.createPayment(input());
    const before = mock.requests.length;
    for (const id of [
      '',
      'abc',
      'pi_',
      clientSecret,
      'pi_test_abc',
      '../customers',
      'pi_abc/../../v1/customers',
      'ch_123',
    ]) {
      expect(await provider.retrievePayment(id), id).toBeNull();
    }
    expect(mock.requests.length).toBe(before);
  });

  it('does not hide other Stripe errors behind null (a wrong secret key is an error)', async () => {
    const wrong = await createStripeProvider({
      secretKey: 'sk_test_wrong',
      publishableKey: PUBLISHABLE_KEY,
      apiBase: mock.apiBase,
    });
    await expect(wrong.retrievePayment('pi_DoesNotExist123')).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });
});

describe.each(DB_KINDS)('Stripe webhook on %s', (kind) => {
  const webhookSecret = `whsec_${randomBytes(24).toString('base64url')}`;
  let mock: StripeMock;
  let provider: Awaited<ReturnType<typeof createStripeProvider>>;
  let stripe: Stripe;
  let app: FastifyInstance;
  let database: Database;
  let dataDir: string;

  beforeAll(async () => {
    mock = await startStripeMock();
    provider = await createStripeProvider({
      secretKey: mock.secretKey,
      publishableKey: PUBLISHABLE_KEY,
      apiBase: mock.apiBase,
    });
    stripe = provider.stripe;
    dataDir = tempDir();
    database = await openTestDatabase(kind);
    app = await buildApp(
      loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        WEB_DIST: path.join(dataDir, 'no-web-build'),
      }),
      { database },
    );
    await app.register(stripeWebhookRoutes, { stripe, webhookSecret });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await mock?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function insertOrder(unitPriceCents = 1999, quantity = 2) {
    const [row] = await insertOrders(database.db, {
      userId: null,
      partId: null,
      name: 'Torque Driver',
      image: '/images/torque-driver.webp',
      description: 'A precise driver',
      unitPriceCents,
      quantity,
      userEmail: 'buyer@example.com',
      userName: 'Buyer',
      address: '1 Main Street',
      phone: '+1 555 0100',
      stockAfter: 10,
    });
    return row!;
  }

  const orderRow = async (id: string) =>
    (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const eventRows = async (id: string) =>
    database.db.select().from(processedEvents).where(eq(processedEvents.id, id));

  /** An intent created the way the shop creates it, then succeeded on "Stripe's" side. */
  async function succeededIntentFor(orderId: string, amountCents: number) {
    const payment = await provider.createPayment({
      orderId,
      amountCents,
      currency: 'usd',
      idempotencyKey: `order-${orderId}-${amountCents}`,
      receiptEmail: 'buyer@example.com',
      description: 'Partsmith order',
    });
    return mock.setStatus(payment.id, 'succeeded');
  }

  const sign = (payload: string, options: { timestamp?: number; secret?: string } = {}) =>
    stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? webhookSecret,
      ...(options.timestamp ? { timestamp: options.timestamp } : {}),
    });

  const deliver = (payload: string, signature?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
      payload,
    });

  const expectRefused = (res: Awaited<ReturnType<typeof deliver>>) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: expect.any(String),
    });
  };

  it('marks the order paid on a validly signed payment_intent.succeeded', async () => {
    const order = await insertOrder(1999, 2);
    const intent = await succeededIntentFor(order.id, 3998);
    const payload = stripeEvent(intent);
    const res = await deliver(payload, sign(payload));

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    const paid = await orderRow(order.id);
    expect(paid).toMatchObject({ paid: true, transactionId: intent.id });
    expect(paid.paidAt).toBeInstanceOf(Date);
    const id = JSON.parse(payload).id as string;
    expect(await eventRows(id)).toMatchObject([{ id, type: 'payment_intent.succeeded' }]);
  });

  it('refuses a tampered body (400), applies and records nothing', async () => {
    const order = await insertOrder(1999, 2);
    const intent = await succeededIntentFor(order.id, 3998);
    const signedFor = stripeEvent({ ...intent, metadata: { orderId: randomUUID() } });
    const tampered = signedFor.replace(/"orderId":"[^"]+"/, `"orderId":"${order.id}"`);
    expect(tampered).not.toBe(signedFor);

    expectRefused(await deliver(tampered, sign(signedFor)));
    expect((await orderRow(order.id)).paid).toBe(false);
    expect(await eventRows(JSON.parse(tampered).id)).toEqual([]);
  });

  it('refuses a stale signature (older than 300 s) and one made with another secret', async () => {
    const order = await insertOrder(500, 1);
    const intent = await succeededIntentFor(order.id, 500);
    const payload = stripeEvent(intent);

    const stale = sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expectRefused(await deliver(payload, stale));
    const otherSecret = sign(payload, { secret: 'whsec_not_ours' });
    expectRefused(await deliver(payload, otherSecret));

    expect((await orderRow(order.id)).paid).toBe(false);
    expect(await eventRows(JSON.parse(payload).id)).toEqual([]);

    // The same event, freshly signed, is still processed: refusals recorded nothing.
    const fresh = await deliver(payload, sign(payload));
    expect(fresh.json()).toEqual({ received: true });
    expect((await orderRow(order.id)).paid).toBe(true);
  });

  it('refuses an unsigned event and a malformed signature header', async () => {
    const order = await insertOrder(700, 1);
    const intent = await succeededIntentFor(order.id, 700);
    const payload = stripeEvent(intent);

    expectRefused(await deliver(payload));
    expectRefused(await deliver(payload, 'nonsense'));
    expectRefused(await deliver(payload, 't=123,v1=deadbeef'));
    expect((await orderRow(order.id)).paid).toBe(false);
  });

  it('processes an event delivered 5 times at once exactly once', async () => {
    const order = await insertOrder(2500, 3);
    const intent = await succeededIntentFor(order.id, 7500);
    const payload = stripeEvent(intent);
    const eventId = JSON.parse(payload).id as string;

    const answers = await Promise.all(
      Array.from({ length: 5 }, () => deliver(payload, sign(payload))),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const bodies = answers.map((r) => r.json());
    expect(bodies.filter((b) => !b.duplicate)).toEqual([{ received: true }]);
    expect(bodies.filter((b) => b.duplicate)).toHaveLength(4);

    expect(await eventRows(eventId)).toHaveLength(1);
    const paid = await orderRow(order.id);
    expect(paid).toMatchObject({ paid: true, transactionId: intent.id });

    // A later redelivery is a duplicate too and leaves the order exactly as it was.
    const later = await deliver(payload, sign(payload));
    expect(later.json()).toEqual({ received: true, duplicate: true });
    expect(await orderRow(order.id)).toEqual(paid);
  });

  it('does not mark an order paid by a payment for a different amount', async () => {
    const order = await insertOrder(1999, 2);
    const intent = await succeededIntentFor(order.id, 3000);
    const payload = stripeEvent(intent);
    const res = await deliver(payload, sign(payload));

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await orderRow(order.id)).toMatchObject({ paid: false, transactionId: null });
  });

  it('does not mark an order paid by a payment in another currency', async () => {
    const order = await insertOrder(1000, 1);
    const intent = await succeededIntentFor(order.id, 1000);
    const payload = stripeEvent({ ...intent, currency: 'eur' });
    expect((await deliver(payload, sign(payload))).statusCode).toBe(200);
    expect((await orderRow(order.id)).paid).toBe(false);
  });

  it('records other event types without applying anything', async () => {
    const order = await insertOrder(900, 1);
    const intent = await succeededIntentFor(order.id, 900);
    const payload = stripeEvent(intent, 'payment_intent.created');
    const res = await deliver(payload, sign(payload));

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect((await orderRow(order.id)).paid).toBe(false);
    expect(await eventRows(JSON.parse(payload).id)).toMatchObject([
      { type: 'payment_intent.created' },
    ]);
  });

  it('answers 200 for a succeeded payment that names no order of ours, or an unknown one', async () => {
    for (const orderId of ['not-a-uuid', randomUUID()]) {
      const intent = await succeededIntentFor(randomUUID(), 1234);
      const payload = stripeEvent({ ...intent, metadata: { orderId } });
      const res = await deliver(payload, sign(payload));
      expect(res.statusCode, orderId).toBe(200);
      expect(res.json()).toEqual({ received: true });
    }
  });

  it('leaves the JSON body parser of the rest of the API as it was', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/newsletter',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: `reader-${randomUUID()}@example.com` }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      acknowledged: true,
      message: 'Thank you: check your inbox for the link that confirms your subscription.',
    });
  });

  it('declares the webhook as a public API route', () => {
    const route = app.apiRoutes.find((r) => r.url === '/api/webhooks/stripe');
    expect(route?.config?.access).toBe('public');
  });
});
