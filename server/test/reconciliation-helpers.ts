import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { expect } from 'vitest';
import { orderPayments, orders, parts, testPayments } from '../src/db/schema/index.ts';
import { insertPart } from '../src/db/seed/factories.ts';
import type { PaymentProvider, ProviderPayment } from '../src/modules/payments/provider.ts';
import { reconcilePayments } from '../src/modules/payments/reconcile.ts';
import { settleSucceededPayment, type PaymentLog } from '../src/modules/payments/service.ts';
import type { createTestProcessor } from '../src/modules/payments/test-processor.ts';
import type { TestApp } from './helpers.ts';
import type { StripeMock } from './stripe-mock.ts';

export const WEBHOOK_SECRET = 'whsec_partsmith_reconciliation_test';
export const CARD = { number: '4242424242424242', expiry: '12 / 39', cvc: '123' };
export const PRICE_CENTS = 1250;
export const QUANTITY = 2;
export const TOTAL = PRICE_CENTS * QUANTITY;

export const quiet: PaymentLog & { errors: string[] } = {
  errors: [],
  info: () => {},
  warn: () => {},
  error(_obj, msg) {
    this.errors.push(msg);
  },
};

/** The shop of one case: the app, the Stripe mock (on Stripe), its provider and its buyer. */
export interface ChargeShop {
  t: TestApp;
  mock: StripeMock | undefined;
  provider: PaymentProvider;
  alice: { cookie: string };
}

/** The calls the charge suite makes, on the shop `shop()` answers (set once it is open). */
export function chargeCalls(shop: () => ChargeShop) {
  async function placeOrder() {
    const { t, alice } = shop();
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
    shop().t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: { cookie: shop().alice.cookie },
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
    shop().provider.createPayment({
      orderId,
      amountCents,
      currency: 'usd',
      idempotencyKey: `stray-${randomBytes(8).toString('hex')}`,
      receiptEmail: 'alice@example.com',
      description: 'another attempt',
    });

  /** The buyer's card goes through at the provider. */
  async function succeed(payment: { id: string; clientSecret: string }) {
    const { mock, provider } = shop();
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
    const { t, mock, provider } = shop();
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
    shop().t.app.inject({
      method: 'PATCH',
      url: `/api/purchase/${orderId}`,
      headers: { cookie: shop().alice.cookie },
      payload: { transactionId },
    });

  const orderRow = async (id: string) =>
    (await shop().t.database.db.select().from(orders).where(eq(orders.id, id)))[0];
  const stockOf = async (id: string) =>
    (await shop().t.database.db.select().from(parts).where(eq(parts.id, id)))[0]!.availableQuantity;
  const paymentRecord = async (id: string) =>
    (
      await shop()
        .t.database.db.select()
        .from(orderPayments)
        .where(eq(orderPayments.providerPaymentId, id))
    )[0];

  async function refundedAtProvider(id: string) {
    const { t, mock } = shop();
    if (mock) return mock.refunds.has(id);
    const [row] = await t.database.db.select().from(testPayments).where(eq(testPayments.id, id));
    return Boolean(row?.refundId);
  }

  async function providerStatus(id: string) {
    return (await shop().provider.retrievePayment(id))?.status;
  }

  /**
   * The guarantee: every charge is exactly one paid order or one refund (never both, never
   * neither), and a reconcile run finds nothing to repair.
   */
  async function expectEveryChargeSettled() {
    const { t, provider } = shop();
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

  return {
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
  };
}
