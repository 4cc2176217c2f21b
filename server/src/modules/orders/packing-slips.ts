import { PACKING_SLIPS_MOST } from '@partsmith/contract/admin-lists';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { orderRefunds, orders, type OrderRow } from '../../db/schema/orders.ts';
import type { PackingSlip } from '../invoices/packing-slip.ts';
import { adminOrdersFilter } from './admin-list.ts';
import { invoicedOnTerms, packingSlipOf } from './documents.ts';
import { linesLeft } from './part-refunds.ts';
import { linesOfOrders } from './reading.ts';

/**
 * The lines to pack of these orders, by order id: an unshipped order's partial refunds took their
 * units off (a line refunded in full is not packed); a shipped order's slip, printed again, is
 * as it shipped. The refunds are read only when one of the orders has some.
 */
export async function linesToPack(db: DbOrTx, rows: OrderRow[]) {
  const lines = await linesOfOrders(
    db,
    rows.map((row) => row.id),
  );
  const partly = rows.filter((row) => !row.shippedAt && row.refundedSubtotalCents > 0);
  if (partly.length === 0) return lines;
  const refunds = await db
    .select({ orderId: orderRefunds.orderId, lines: orderRefunds.lines })
    .from(orderRefunds)
    .where(
      inArray(
        orderRefunds.orderId,
        partly.map((row) => row.id),
      ),
    );
  for (const row of partly)
    lines.set(
      row.id,
      linesLeft(
        lines.get(row.id) ?? [],
        refunds.filter((refund) => refund.orderId === row.id),
      ),
    );
  return lines;
}

/**
 * The packing slips of the orders to ship (Manage Orders' `to-ship`), the longest waiting first,
 * at most `most`: two statements, the orders and their lines.
 */
export async function slipsToShip(db: DbOrTx, most = PACKING_SLIPS_MOST): Promise<PackingSlip[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(adminOrdersFilter({ status: 'to-ship' }))
    .orderBy(orders.createdAt, orders.seq)
    .limit(most);
  const lines = await linesToPack(db, rows);
  return rows.map((row) => packingSlipOf(row, lines.get(row.id) ?? []));
}

/**
 * Refuses an order there is nothing to pack for: not paid (nor invoiced on terms), or refunded.
 * `prefix` goes before the message (the order's number, when it is one of several).
 */
export function assertPackable(row: OrderRow, prefix = '') {
  if (row.refundedAt)
    throw new HttpError(409, `${prefix}This order was refunded: there is nothing to pack.`);
  if (!row.paid && !invoicedOnTerms(row))
    throw new HttpError(409, `${prefix}This order is not paid yet: it is not to be packed.`);
}

/**
 * The packing slips of the selected orders, the longest waiting first: every one must be there
 * (else 404) and packable (else 409 naming it); one shipped already is printed again.
 */
export async function slipsOf(db: DbOrTx, ids: readonly string[]): Promise<PackingSlip[]> {
  const unique = [...new Set(ids)];
  const rows = await db
    .select()
    .from(orders)
    .where(inArray(orders.id, unique))
    .orderBy(orders.createdAt, orders.seq);
  if (rows.length < unique.length)
    throw notFound(
      'One of the selected orders is not there any more: reload the list and select again.',
    );
  for (const row of rows) assertPackable(row, `${row.number}: `);
  const lines = await linesToPack(db, rows);
  return rows.map((row) => packingSlipOf(row, lines.get(row.id) ?? []));
}
