import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import type { ProviderPayment } from './provider.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const orderTotalCents = (order: { unitPriceCents: number; quantity: number }) =>
  order.unitPriceCents * order.quantity;

/**
 * Marks an order paid from the provider's own record of a payment: only when the payment
 * succeeded, names this order in its metadata, and is for exactly the order's total in USD.
 * Idempotent: applying the same payment again changes nothing.
 */
export async function applySucceededPayment(
  db: Db,
  payment: ProviderPayment,
  log: FastifyBaseLogger,
): Promise<{ applied: boolean; reason?: string }> {
  if (payment.status !== 'succeeded')
    return { applied: false, reason: 'the payment has not succeeded' };
  if (!payment.orderId || !UUID.test(payment.orderId))
    return { applied: false, reason: 'the payment names no order' };
  const [order] = await db.select().from(orders).where(eq(orders.id, payment.orderId));
  if (!order) {
    log.error(
      { paymentId: payment.id, orderId: payment.orderId },
      'a payment succeeded for an order that does not exist',
    );
    return { applied: false, reason: 'the order does not exist' };
  }
  if (payment.amountCents !== orderTotalCents(order) || payment.currency.toLowerCase() !== 'usd') {
    log.error(
      {
        paymentId: payment.id,
        orderId: order.id,
        amount: payment.amountCents,
        total: orderTotalCents(order),
      },
      'a payment succeeded for a different amount than the order total',
    );
    return { applied: false, reason: 'the payment is for a different amount' };
  }
  if (order.paid) {
    return {
      applied: false,
      reason:
        order.transactionId === payment.id
          ? 'already applied'
          : 'the order was paid by another payment',
    };
  }
  const updated = await db
    .update(orders)
    .set({ paid: true, transactionId: payment.id, paymentIntentId: payment.id, paidAt: new Date() })
    .where(and(eq(orders.id, order.id), eq(orders.paid, false)))
    .returning({ id: orders.id });
  return updated.length === 1 ? { applied: true } : { applied: false, reason: 'already applied' };
}
