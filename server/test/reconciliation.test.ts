import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { auditLog, orderPayments, orders, parts, testPayments } from '../src/db/schema/index.ts';
import { insertPart } from '../src/db/seed/factories.ts';
import { parseDuration } from '../src/config.ts';
import type { PaymentProvider, ProviderPayment } from '../src/modules/payments/provider.ts';
import { expireUnpaidOrders } from '../src/modules/orders/expiry.ts';
import { reconcilePayments } from '../src/modules/payments/reconcile.ts';
import { settleSucceededPayment, type PaymentLog } from '../src/modules/payments/service.ts';
import type { createTestProcessor } from '../src/modules/payments/test-processor.ts';
import { openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { DB_KINDS, buildTestApp, tempDir, type TestApp } from './helpers.ts';
import { signUp } from './auth-helpers.ts';
import { startStripeMock, type StripeMock } from './stripe-mock.ts';
import { insertOrders } from './order-rows.ts';

const WEBHOOK_SECRET = 'whsec_partsmith_reconciliation_test';
const CARD = { number: '4242424242424242', expiry: '12 / 39', cvc: '123' };
const PRICE_CENTS = 1250;
const QUANTITY = 2;
const TOTAL = PRICE_CENTS * QUANTITY;

const quiet: PaymentLog & { errors: string[] } = {
  errors: [],
  info: () => {},
  warn: () => {},
  error(_obj, msg) {
    this.errors.push(msg);
  },
};

describe('UNPAID_ORDER_TTL durations', () => {
  it.each([
    ['30m', 1_800_000],
    ['2h', 7_200_000],
    ['1d', 86_400_000],
    ['45s', 45_000],
    ['', undefined],
    [undefined, undefined],
    ['0m', undefined],
  ])('%s', (raw, ms) => expect(parseDuration(raw)).toBe(ms));
});

const CASES = DB_KINDS.flatMap((db) => (['test', 'stripe'] as const).map((p) => [db, p] as const));

describe.each(CASES)(
  'every charge ends in one paid order or a refund (%s, %s provider)',
  (kind, via) => {
    let t: TestApp;
    let mock: StripeMock | undefined;
    let provider: PaymentProvider;
    let alice: { cookie: string };

    beforeAll(async () => {
      if (via === 'stripe') {
        mock = await startStripeMock();
        t = await buildTestApp(kind, {
          env: {
            STRIPE_SECRET_KEY: mock.secretKey,
            STRIPE_PUBLISHABLE_KEY: 'pk_test_partsmith',
            STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
            STRIPE_API_BASE: `http://${mock.apiBase.host}:${mock.apiBase.port}`,
          },
        });
      } else {
        t = await buildTestApp(kind);
      }
      provider = t.app.payments!;
      expect(provider.name).toBe(via);
      alice = await signUp(t, { email: 'alice@example.com' });
    });
    afterAll(async () => {
      await t?.close();
      await mock?.close();
    });

    async function placeOrder() {
      const part = await insertPart(t.database.db, {
        priceCents: PRICE_CENTS,
        availableQuantity: 10,
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/purchase',
        headers: { cookie: alice.cookie },
        payload: {
          partId: part.id,
          quantity: QUANTITY,
          address: '1 Main Street, Springfield',
          phone: '+1 217 555 0100',
        },
      });
      expect(res.statusCode).toBe(200);
      return { id: res.json().insertedId as string, partId: part.id };
    }

    const startPayment = (orderId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers: { cookie: alice.cookie },
        payload: { orderId },
      });

    /** A payment through the shop's own route: its id and client secret. */
    async function openPayment(orderId: string) {
      const res = await startPayment(orderId);
      expect(res.statusCode).toBe(200);
      const clientSecret = res.json().clientSecret as string;
      return { id: clientSecret.split('_secret_')[0]!, clientSecret };
    }

    /** A payment made at the provider without the shop's route (a stale tab, another attempt). */
    const strayPayment = (orderId: string, amountCents = TOTAL) =>
      provider.createPayment({
        orderId,
        amountCents,
        currency: 'usd',
        idempotencyKey: `stray-${randomBytes(8).toString('hex')}`,
        receiptEmail: 'alice@example.com',
        description: 'another attempt',
      });

    /** The buyer's card goes through at the provider. */
    async function succeed(payment: { id: string; clientSecret: string }) {
      if (mock) mock.setStatus(payment.id, 'succeeded');
      else
        await (provider as ReturnType<typeof createTestProcessor>).confirm(
          payment.clientSecret,
          CARD,
        );
    }

    /** The provider tells the shop: Stripe's signed webhook (a new event each time), or for the
     * test processor (which has no webhook) the same settlement the webhook runs. */
    async function notify(paymentId: string) {
      if (mock) {
        const payload = JSON.stringify({
          id: `evt_${randomBytes(10).toString('hex')}`,
          object: 'event',
          type: 'payment_intent.succeeded',
          data: { object: mock.intents.get(paymentId) },
        });
        const signature = Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
        });
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/webhooks/stripe',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          payload,
        });
        expect(res.statusCode).toBe(200);
        return;
      }
      const payment = (await provider.retrievePayment(paymentId)) as ProviderPayment;
      await settleSucceededPayment(t.database.db, provider, payment, quiet);
    }

    const patch = (orderId: string, transactionId: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/purchase/${orderId}`,
        headers: { cookie: alice.cookie },
        payload: { transactionId },
      });

    const orderRow = async (id: string) =>
      (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0];
    const stockOf = async (id: string) =>
      (await t.database.db.select().from(parts).where(eq(parts.id, id)))[0]!.availableQuantity;
    const paymentRecord = async (id: string) =>
      (
        await t.database.db
          .select()
          .from(orderPayments)
          .where(eq(orderPayments.providerPaymentId, id))
      )[0];

    async function refundedAtProvider(id: string) {
      if (mock) return mock.refunds.has(id);
      const [row] = await t.database.db.select().from(testPayments).where(eq(testPayments.id, id));
      return Boolean(row?.refundId);
    }

    async function providerStatus(id: string) {
      return (await provider.retrievePayment(id))?.status;
    }

    /**
     * The guarantee: every charge is exactly one paid order or one refund (never both, never
     * neither), and a reconcile run finds nothing to repair.
     */
    async function expectEveryChargeSettled() {
      const charges = await provider.listSucceededPayments(0);
      const paidOrders = await t.database.db.select().from(orders).where(eq(orders.paid, true));
      let refunds = 0;
      for (const charge of charges) {
        const paying = paidOrders.filter((o) => o.transactionId === charge.id).length;
        const refunded = await refundedAtProvider(charge.id);
        if (refunded) refunds++;
        expect(paying + (refunded ? 1 : 0), `charge ${charge.id}`).toBe(1);
      }
      expect(charges.length).toBe(paidOrders.length + refunds);
      const report = await reconcilePayments({ db: t.database.db, provider, days: 7, log: quiet });
      expect(report).toMatchObject({ checked: charges.length, repaired: 0, left: 0 });
    }

    it('the webhook before the buyer’s PATCH pays the order once', async () => {
      const order = await placeOrder();
      const payment = await openPayment(order.id);
      await succeed(payment);
      await notify(payment.id);
      const res = await patch(order.id, payment.id);
      expect(res.json()).toMatchObject({ paid: true, modifiedCount: 0, transactionId: payment.id });
      expect(await orderRow(order.id)).toMatchObject({ paid: true, transactionId: payment.id });
      expect(await paymentRecord(payment.id)).toMatchObject({ status: 'succeeded' });
      expect(await refundedAtProvider(payment.id)).toBe(false);
      await expectEveryChargeSettled();
    });

    it('the webhook after the buyer’s PATCH changes nothing', async () => {
      const order = await placeOrder();
      const payment = await openPayment(order.id);
      await succeed(payment);
      const res = await patch(order.id, payment.id);
      expect(res.json()).toMatchObject({ paid: true, modifiedCount: 1, transactionId: payment.id });
      await notify(payment.id);
      expect(await orderRow(order.id)).toMatchObject({ paid: true, transactionId: payment.id });
      expect(await refundedAtProvider(payment.id)).toBe(false);
      await expectEveryChargeSettled();
    });

    it('the same success delivered 5 times at once (and a PATCH beside them) pays once', async () => {
      const order = await placeOrder();
      const payment = await openPayment(order.id);
      await succeed(payment);
      const [answer] = await Promise.all([
        patch(order.id, payment.id),
        ...Array.from({ length: 5 }, () => notify(payment.id)),
      ]);
      expect(answer!.json()).toMatchObject({ paid: true, transactionId: payment.id });
      expect(await orderRow(order.id)).toMatchObject({ paid: true, transactionId: payment.id });
      expect(await refundedAtProvider(payment.id)).toBe(false);
      await expectEveryChargeSettled();
    });

    it('deleting an order during an open payment cancels the payment and puts the stock back', async () => {
      const order = await placeOrder();
      expect(await stockOf(order.partId)).toBe(10 - QUANTITY);
      const payment = await openPayment(order.id);
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/orders/${order.id}`,
        headers: { cookie: alice.cookie },
      });
      expect(del.json()).toEqual({ acknowledged: true, deletedCount: 1 });
      expect(await orderRow(order.id)).toBeUndefined();
      expect(await stockOf(order.partId)).toBe(10);
      expect(await providerStatus(payment.id)).toBe('canceled');
      expect(await paymentRecord(payment.id)).toMatchObject({ status: 'canceled' });
      if (!mock) {
        // The canceled payment cannot be paid any more.
        const confirm = await t.app.inject({
          method: 'POST',
          url: '/api/test-payments/confirm',
          headers: { cookie: alice.cookie },
          payload: { clientSecret: payment.clientSecret, ...CARD },
        });
        expect(confirm.statusCode).toBe(402);
      }
      await expectEveryChargeSettled();
    });

    it('deleting an order whose payment just succeeded keeps it, paid (409)', async () => {
      const order = await placeOrder();
      const payment = await openPayment(order.id);
      await succeed(payment);
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/orders/${order.id}`,
        headers: { cookie: alice.cookie },
      });
      expect(del.statusCode).toBe(409);
      expect(del.json().message).toBe('This order was just paid, so it was not deleted.');
      expect(await orderRow(order.id)).toMatchObject({ paid: true, transactionId: payment.id });
      expect(await stockOf(order.partId)).toBe(10 - QUANTITY);
      await notify(payment.id);
      await expectEveryChargeSettled();
    });

    it('a payment succeeding after its order was deleted is refunded', async () => {
      const order = await placeOrder();
      const stray = await strayPayment(order.id);
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/orders/${order.id}`,
        headers: { cookie: alice.cookie },
      });
      expect(del.json()).toMatchObject({ deletedCount: 1 });
      await succeed(stray);
      await notify(stray.id);
      expect(await refundedAtProvider(stray.id)).toBe(true);
      expect(await paymentRecord(stray.id)).toMatchObject({
        status: 'refunded',
        note: 'the order does not exist',
      });
      const audit = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'payment.refund'), eq(auditLog.targetId, stray.id)));
      expect(audit).toMatchObject([{ actorEmail: 'system', actorId: null }]);
      // Told again: the same refund, nothing new.
      await notify(stray.id);
      expect(
        await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, stray.id)),
      ).toHaveLength(1);
      await expectEveryChargeSettled();
    });

    it('of two payments for one order, the second is refunded', async () => {
      const order = await placeOrder();
      const first = await openPayment(order.id);
      const second = await strayPayment(order.id);
      await succeed(first);
      await succeed(second);
      await notify(first.id);
      await notify(second.id);
      expect(await orderRow(order.id)).toMatchObject({ paid: true, transactionId: first.id });
      expect(await refundedAtProvider(first.id)).toBe(false);
      expect(await refundedAtProvider(second.id)).toBe(true);
      expect(await paymentRecord(second.id)).toMatchObject({
        status: 'refunded',
        note: 'the order was paid by another payment',
      });
      // The buyer's PATCH with the second payment: still refused, nothing refunded twice.
      expect((await patch(order.id, second.id)).statusCode).toBe(409);
      await expectEveryChargeSettled();
    });

    it('a payment for a different amount is refunded and the order stays unpaid', async () => {
      const order = await placeOrder();
      const wrong = await strayPayment(order.id, TOTAL - 1);
      await succeed(wrong);
      const res = await patch(order.id, wrong.id);
      expect(res.statusCode).toBe(402);
      expect(res.json().message).toMatch(/different amount.*refunded/);
      await notify(wrong.id);
      expect(await orderRow(order.id)).toMatchObject({ paid: false, transactionId: null });
      expect(await refundedAtProvider(wrong.id)).toBe(true);
      await expectEveryChargeSettled();
    });

    it('expiry during a payment: an open payment is canceled, the stock goes back, the order expires', async () => {
      const order = await placeOrder();
      const payment = await openPayment(order.id);
      const paidMeanwhile = await placeOrder();
      const paying = await openPayment(paidMeanwhile.id);
      await succeed(paying);

      const later = new Date(Date.now() + 3_600_000);
      await expireUnpaidOrders({
        db: t.database.db,
        provider,
        ttlMs: 1_800_000,
        log: quiet,
        now: later,
      });

      expect((await orderRow(order.id))!.expiredAt).toBeInstanceOf(Date);
      expect(await stockOf(order.partId)).toBe(10);
      expect(await providerStatus(payment.id)).toBe('canceled');
      expect((await startPayment(order.id)).json()).toMatchObject({
        statusCode: 409,
        message: expect.stringMatching(/^This order expired/),
      });
      const mine = await t.app.inject({
        url: '/api/orders?userEmail=alice@example.com',
        headers: { cookie: alice.cookie },
      });
      expect(mine.json().find((o: { _id: string }) => o._id === order.id)).toMatchObject({
        expired: true,
        paid: false,
      });
      // The one whose payment had gone through is paid instead of expired.
      expect(await orderRow(paidMeanwhile.id)).toMatchObject({
        paid: true,
        transactionId: paying.id,
        expiredAt: null,
      });
      expect(await stockOf(paidMeanwhile.partId)).toBe(10 - QUANTITY);
      // Deleting the expired order does not put its stock back a second time.
      await t.app.inject({
        method: 'DELETE',
        url: `/api/orders/${order.id}`,
        headers: { cookie: alice.cookie },
      });
      expect(await stockOf(order.partId)).toBe(10);
      await expectEveryChargeSettled();
    });

    it('a payment that succeeds after its order expired is refunded', async () => {
      const order = await placeOrder();
      const stray = await strayPayment(order.id);
      await expireUnpaidOrders({
        db: t.database.db,
        provider,
        ttlMs: 1_800_000,
        log: quiet,
        now: new Date(Date.now() + 3_600_000),
      });
      await succeed(stray);
      await notify(stray.id);
      expect(await orderRow(order.id)).toMatchObject({ paid: false });
      expect(await refundedAtProvider(stray.id)).toBe(true);
      await expectEveryChargeSettled();
    });

    it('reconcile pays an order whose success nobody reported, once; a second run repairs nothing', async () => {
      const order = await placeOrder();
      const payment = await openPayment(order.id);
      await succeed(payment);
      const before = await reconcilePayments({ db: t.database.db, provider, days: 7, log: quiet });
      expect(before.repaired).toBe(1);
      expect(before.left).toBe(0);
      expect(before.lines).toEqual([`paid order ${order.id} with payment ${payment.id}`]);
      expect(await orderRow(order.id)).toMatchObject({ paid: true, transactionId: payment.id });
      await expectEveryChargeSettled();
    });
  },
);

const cli = fileURLToPath(new URL('../src/cli/reconcile.ts', import.meta.url));
const tsx = path.resolve(fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url)));

function runReconcile(dataDir: string, ...args: string[]) {
  return spawnSync(tsx, [cli, ...args], {
    encoding: 'utf8',
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      STRIPE_SECRET_KEY: '',
      STRIPE_PUBLISHABLE_KEY: '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'silent',
    },
    timeout: 60_000,
  });
}

describe('npm run payments:reconcile on the embedded database', () => {
  it('repairs a lost success once, then nothing; stops with a clear message while the shop runs', async () => {
    const dataDir = tempDir();
    const database = await openDatabase({ dataDir });
    await runMigrations(database);
    const [order] = await insertOrders(database.db, {
      userId: null,
      partId: null,
      name: 'Torque Driver',
      image: '/images/torque-driver.webp',
      description: 'A precise driver',
      unitPriceCents: 1000,
      quantity: 1,
      userEmail: 'buyer@example.com',
      userName: 'Buyer',
      address: '1 Main Street',
      phone: '+1 555 0100',
      stockAfter: 10,
    });
    await database.db.insert(testPayments).values({
      id: 'pi_test_lost',
      clientSecret: 'pi_test_lost_secret_x',
      idempotencyKey: `order-${order!.id}-1000`,
      orderId: order!.id,
      amountCents: 1000,
      currency: 'usd',
      status: 'succeeded',
    });

    const refused = runReconcile(dataDir);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('stop it, run this command, then start it again');
    await database.close();

    expect(runReconcile(dataDir, '--days', 'x').status).toBe(2);
    const first = runReconcile(dataDir, '--days', '3');
    expect(first.stderr).toBe('');
    expect(first.stdout).toBe(
      `paid order ${order!.id} with payment pi_test_lost\n1 payments checked, 1 repaired, 0 left to repair\n`,
    );
    const second = runReconcile(dataDir);
    expect(second.status).toBe(0);
    expect(second.stdout).toBe('1 payments checked, 0 repaired, 0 left to repair\n');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 180_000);
});
