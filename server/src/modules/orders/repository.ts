import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { purgeBatch } from '../../db/purge.ts';
import { idempotencyKeys, orders, type OrderRow } from '../../db/schema/orders.ts';

// What other modules may do with the orders module's tables: payments settles an order through
// these, housekeeping purges and reads through these; none of them touches the tables itself.

/** The order, locked until the transaction ends (call it in one), or undefined. */
export async function lockOrder(tx: DbOrTx, id: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

/** Marks an unpaid order paid by this payment (inside the transaction that locked it). */
export async function markOrderPaid(tx: DbOrTx, id: string, paymentId: string) {
  await tx
    .update(orders)
    .set({ paid: true, transactionId: paymentId, paymentIntentId: paymentId, paidAt: new Date() })
    .where(and(eq(orders.id, id), eq(orders.paid, false)));
}

/** Idempotency keys made before `before` (at most `limit`); answers how many went. */
export const purgeIdempotencyKeys = (db: DbOrTx, before: Date, limit: number) =>
  purgeBatch(
    db,
    idempotencyKeys,
    [idempotencyKeys.userId, idempotencyKeys.key],
    lt(idempotencyKeys.createdAt, before)!,
    limit,
  );

/** Every order's copied image URL, as a subquery for the uploads still in use. */
export const orderImageUrls = (): SQL => sql`select ${orders.image} as url from ${orders}`;
