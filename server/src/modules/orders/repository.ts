import { eq, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { purgeBatch } from '../../db/purge.ts';
import {
  documentCounters,
  idempotencyKeys,
  orderMails,
  orders,
  type OrderRow,
} from '../../db/schema/orders.ts';

// What other modules may do with the orders module's tables: payments settles an order through
// these, housekeeping purges and reads through these; none of them touches the tables itself.

/** The order, locked until the transaction ends (call it in one), or undefined. */
export async function lockOrder(tx: DbOrTx, id: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

/**
 * A data-modifying CTE's body that takes the next number of a series (`PS` invoices, `CN` credit
 * notes) for this year, returning it as `number`: the series' counter row is raised in the
 * caller's statement and stays locked until its transaction ends, so the numbers are gapless (a
 * rollback gives the number back) and unique. `when` says whether a number is wanted at all (none
 * is used up otherwise). PostgreSQL runs such a CTE only at a statement's top level.
 */
export function takeDocumentNumber(series: 'PS' | 'CN', when: SQL): SQL {
  return sql`insert into ${documentCounters} (series, year, last)
    select ${series}, extract(year from now() at time zone 'UTC')::int, 1 where ${when}
    on conflict (series, year) do update set last = ${documentCounters.last} + 1
    returning ${series} || '-' || year || '-' || lpad(last::text, 6, '0') as number`;
}

/**
 * Marks an unpaid order paid by this payment (inside the transaction that locked it), gives it
 * the next invoice number and queues its receipt mail and the shop's paid-order notice, all in
 * one statement.
 */
export async function markOrderPaid(tx: DbOrTx, id: string, paymentId: string) {
  const unpaid = sql`exists (select 1 from ${orders} where id = ${id} and not paid)`;
  await tx.execute(sql`
    with invoice as (${takeDocumentNumber('PS', unpaid)}),
    paid as (
      update ${orders} set paid = true, transaction_id = ${paymentId},
        payment_intent_id = ${paymentId}, paid_at = now(),
        invoice_number = (select number from invoice)
      where id = ${id} and not paid
      returning id)
    insert into ${orderMails} (order_id, kind)
      select id, kind from paid cross join (values ('receipt'), ('paid-notice')) as mail(kind)`);
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
