import { and, eq, lt, notInArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { purgeBatch } from '../../db/purge.ts';
import type { ShopMetrics } from '../../plugins/metrics.ts';
import { orderPayments, processedEvents } from '../../db/schema/payments.ts';
import { recordAudit } from '../audit/service.ts';
import { lockOrder, markOrderPaid } from '../orders/repository.ts';
import type { PaymentProvider, ProviderPayment } from './provider.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What an order's payment must amount to: the sum of its lines, kept with the order. */
export const orderTotalCents = (order: { totalCents: number }) => order.totalCents;

/** What settling needs of a logger (Fastify's, or the CLI's). */
export interface PaymentLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** The actor of the shop's own audit entries (automatic refunds). */
export const SYSTEM_ACTOR = { id: null, email: 'system' } as const;

export type Settlement =
  /** The order is paid by this payment; `changed` when this call marked it paid. */
  | { outcome: 'paid'; changed: boolean }
  /** The payment could not pay its order and is refunded; `changed` when this call refunded it. */
  | { outcome: 'refunded'; changed: boolean; reason: string; refundId: string | null }
  /** Not a succeeded payment of one of our orders: nothing to do. */
  | { outcome: 'ignored'; reason: string };

/**
 * Counts a settlement in the payment metrics once: by the call that changed something, not by
 * the others that found it settled.
 */
export function countSettlement(metrics: ShopMetrics, result: Settlement, paid?: () => void) {
  if (result.outcome !== 'ignored' && result.changed) {
    metrics.payments.inc({ outcome: result.outcome });
    // The receipt and the shop's paid-order notice were queued with the payment: count them and
    // send them now.
    if (result.outcome === 'paid') {
      metrics.mailsQueued.inc({ kind: 'order' });
      metrics.mailsQueued.inc({ kind: 'order' });
      paid?.();
    }
  }
}

/**
 * Records a payment made (or reused) for an order as open, once per provider payment id.
 */
export async function recordOpenPayment(db: DbOrTx, payment: ProviderPayment, orderId: string) {
  await db
    .insert(orderPayments)
    .values({
      providerPaymentId: payment.id,
      orderId,
      amountCents: payment.amountCents,
      status: 'open',
    })
    .onConflictDoNothing({ target: orderPayments.providerPaymentId });
}

/**
 * Ends a succeeded payment in exactly one of two ways, from the provider's own record of it:
 * it pays its order when the order exists, is unpaid, has not expired and the amount (in USD)
 * is the order's total; otherwise it is refunded automatically (logged as an error and audited
 * as 'payment.refund' by 'system'), and the order stays as it was. The decision is taken with the
 * order and the order_payments row locked, so the buyer's PATCH, the webhook, a delete, the
 * expiry sweep and a reconcile run may all call this for the same payment, in any order and at
 * the same time: the first one settles it, the others answer the same result and change nothing.
 */
export async function settleSucceededPayment(
  db: DbOrTx,
  provider: PaymentProvider,
  payment: ProviderPayment,
  log: PaymentLog,
): Promise<Settlement> {
  if (payment.status !== 'succeeded')
    return { outcome: 'ignored', reason: 'the payment has not succeeded' };
  if (!payment.orderId || !UUID.test(payment.orderId))
    return { outcome: 'ignored', reason: 'the payment names no order' };
  const orderId = payment.orderId;

  const decision = await db.transaction(async (tx) => {
    // Order first, then the payment's row: the same lock order as everywhere else.
    const order = await lockOrder(tx, orderId);
    await recordOpenPayment(tx, payment, orderId);
    const [record] = await tx
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.providerPaymentId, payment.id))
      .for('update');
    if (record!.status === 'refunded') {
      return {
        kind: 'refunded' as const,
        reason: record!.note ?? 'refunded',
        refundId: record!.refundId,
      };
    }
    if (order?.paid && order.transactionId === payment.id) {
      if (record!.status !== 'succeeded') await markPayment(tx, payment.id, 'succeeded');
      return { kind: 'paid' as const, changed: false };
    }
    const reason = !order
      ? 'the order does not exist'
      : order.paid
        ? 'the order was paid by another payment'
        : order.expiredAt
          ? 'the order expired before it was paid'
          : payment.currency.toLowerCase() !== 'usd'
            ? 'the payment is in another currency'
            : payment.amountCents !== orderTotalCents(order)
              ? 'the payment is for a different amount'
              : null;
    if (reason) return { kind: 'refund' as const, reason, total: order && orderTotalCents(order) };
    await markOrderPaid(tx, orderId, payment.id);
    await markPayment(tx, payment.id, 'succeeded');
    return { kind: 'paid' as const, changed: true };
  });

  if (decision.kind === 'paid') return { outcome: 'paid', changed: decision.changed };
  if (decision.kind === 'refunded') {
    return {
      outcome: 'refunded',
      changed: false,
      reason: decision.reason,
      refundId: decision.refundId,
    };
  }

  // The provider's refund is idempotent per payment: a second caller gets the same refund.
  const { refundId } = await provider.refundPayment(payment.id, decision.reason);
  const changed = await db.transaction(async (tx) => {
    const updated = await tx
      .update(orderPayments)
      .set({ status: 'refunded', refundId, note: decision.reason, updatedAt: new Date() })
      .where(
        and(
          eq(orderPayments.providerPaymentId, payment.id),
          notInArray(orderPayments.status, ['refunded', 'succeeded']),
        ),
      )
      .returning({ id: orderPayments.providerPaymentId });
    if (updated.length === 0) return false;
    await recordAudit(tx, SYSTEM_ACTOR, {
      action: 'payment.refund',
      targetId: payment.id,
      summary: `Refunded payment ${payment.id} (${(payment.amountCents / 100).toFixed(2)} ${payment.currency.toUpperCase()}) for order ${orderId}: ${decision.reason}`,
      before: { status: 'succeeded', orderId, amountCents: payment.amountCents },
      after: { status: 'refunded', refundId, orderTotalCents: decision.total },
    });
    return true;
  });
  if (changed) {
    log.error(
      {
        paymentId: payment.id,
        orderId,
        amount: payment.amountCents,
        total: decision.total,
        refundId,
        reason: decision.reason,
      },
      'a payment succeeded but could not pay its order: refunded it automatically',
    );
  }
  return { outcome: 'refunded', changed, reason: decision.reason, refundId };
}

/** Records that an admin refunded a payment that had paid its order (the order's refund). */
export async function markPaymentRefunded(
  tx: DbOrTx,
  paymentId: string,
  refundId: string,
  note: string,
) {
  await tx
    .update(orderPayments)
    .set({ status: 'refunded', refundId, note, updatedAt: new Date() })
    .where(eq(orderPayments.providerPaymentId, paymentId));
}

async function markPayment(tx: DbOrTx, paymentId: string, status: 'succeeded' | 'canceled') {
  await tx
    .update(orderPayments)
    .set({ status, updatedAt: new Date() })
    .where(eq(orderPayments.providerPaymentId, paymentId));
}

/**
 * Cancels an order's open payments at the provider before the order is deleted or expires.
 * Answers 'paid' when one of them had already succeeded and now pays the order (which must then
 * be kept), 'pending' when one is still being processed (try again later), 'clear' otherwise.
 */
export async function cancelOpenPayments(
  db: Db,
  provider: PaymentProvider | null,
  orderId: string,
  log: PaymentLog,
): Promise<'clear' | 'paid' | 'pending'> {
  const open = await db
    .select()
    .from(orderPayments)
    .where(and(eq(orderPayments.orderId, orderId), eq(orderPayments.status, 'open')));
  if (open.length === 0) return 'clear';
  if (!provider) {
    log.warn({ orderId }, 'card payments are off: open payments of this order were not canceled');
    return 'clear';
  }
  let pending = false;
  for (const row of open) {
    const payment = await provider.cancelPayment(row.providerPaymentId);
    if (payment.status === 'succeeded') {
      const settled = await settleSucceededPayment(db, provider, payment, log);
      if (settled.outcome === 'paid') return 'paid';
    } else if (payment.status === 'canceled') {
      await db
        .update(orderPayments)
        .set({ status: 'canceled', updatedAt: new Date() })
        .where(
          and(eq(orderPayments.providerPaymentId, payment.id), eq(orderPayments.status, 'open')),
        );
    } else {
      pending = true;
    }
  }
  return pending ? 'pending' : 'clear';
}

/** Webhook event ids processed before `before` (at most `limit`); answers how many went. */
export const purgeProcessedEvents = (db: DbOrTx, before: Date, limit: number) =>
  purgeBatch(
    db,
    processedEvents,
    [processedEvents.id],
    lt(processedEvents.processedAt, before)!,
    limit,
  );
