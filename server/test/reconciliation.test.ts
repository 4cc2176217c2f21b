import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../src/db/schema/index.ts';
import { parseDuration } from '../src/config.ts';
import type { PaymentProvider } from '../src/modules/payments/provider.ts';
import { expireUnpaidOrders } from '../src/modules/orders/expiry.ts';
import { reconcilePayments } from '../src/modules/payments/reconcile.ts';
import { DB_KINDS, buildTestApp, type TestApp } from './helpers.ts';
import { signUp } from './auth-helpers.ts';
import { startStripeMock, type StripeMock } from './stripe-mock.ts';
import {
  CARD,
  QUANTITY,
  TOTAL,
  WEBHOOK_SECRET,
  chargeCalls,
  quiet,
} from './reconciliation-helpers.ts';

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

    const {
      placeOrder,
      startPayment,
      openPayment,
      strayPayment,
      succeed,
      notify,
      patch,
      orderRow,
      stockOf,
      paymentRecord,
      refundedAtProvider,
      providerStatus,
      expectEveryChargeSettled,
    } = chargeCalls(() => ({ t, mock, provider, alice }));

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
