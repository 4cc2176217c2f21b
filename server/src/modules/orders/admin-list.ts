import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ADMIN_ORDER_SORTS,
  AdminOrdersListQuery,
  AdminOrderState,
  AdminPage,
} from '@partsmith/contract/admin-lists';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern, keysetPage, searchWords, type KeysetSort } from '../../db/keyset.ts';
import { orderLines, orders } from '../../db/schema/orders.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { linesOfOrders, toApiOrder, type Order } from './reading.ts';

type Query = z.output<typeof AdminOrdersListQuery>;

const seq = { expr: orders.seq, kind: 'int' } as const;
const created = { expr: orders.createdAt, kind: 'time' } as const;
const total = { expr: orders.totalCents, kind: 'int' } as const;

/**
 * The orders table's sorts, each ending with the order's seq (unique): by time on
 * orders_created_seq_idx, by total on orders_total_seq_idx.
 */
export const ADMIN_ORDER_SORT: Record<(typeof ADMIN_ORDER_SORTS)[number], KeysetSort> = {
  newest: { name: 'newest', keys: [created, seq], descending: true },
  oldest: { name: 'oldest', keys: [created, seq], descending: false },
  'total-desc': { name: 'total-desc', keys: [total, seq], descending: true },
  'total-asc': { name: 'total-asc', keys: [total, seq], descending: false },
};

/**
 * The two parts of the orders to ship, each the condition of its partial index (schema/orders.ts):
 * paid and not shipped or refunded (orders_to_ship_idx); invoiced on a company's payment terms,
 * not paid yet, and not cancelled, shipped or refunded (orders_on_account_to_ship_idx).
 */
export const TO_SHIP = {
  paid: sql`${orders.paid} and ${orders.shippedAt} is null and ${orders.refundedAt} is null`,
  onAccount: sql`${orders.paymentMethod} = 'invoice' and ${orders.invoiceNumber} is not null and not ${orders.paid} and ${orders.expiredAt} is null and ${orders.shippedAt} is null and ${orders.refundedAt} is null`,
};

/**
 * Each state of the contract's ADMIN_ORDER_STATES as a condition: one state per order, but for
 * `to-ship`, the packers' queue (the paid ones and those on account).
 */
const STATE: Record<AdminOrderState, SQL> = {
  unpaid: sql`not ${orders.paid} and ${orders.expiredAt} is null`,
  expired: sql`${orders.expiredAt} is not null`,
  paid: TO_SHIP.paid,
  shipped: sql`${orders.shippedAt} is not null and ${orders.refundedAt} is null`,
  refunded: sql`${orders.refundedAt} is not null`,
  'to-ship': sql`((${TO_SHIP.paid}) or (${TO_SHIP.onAccount}))`,
};

/** The start of a UTC day (YYYY-MM-DD), `days` later. */
function dayStart(day: string, days = 0): Date {
  const at = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(at.getTime())) throw new HttpError(400, `${day} is not a real date.`);
  return new Date(at.getTime() + days * 86_400_000);
}

/**
 * What a search reads of an order and of a line, each in one text (words have no spaces, so none
 * is found across two fields): the expressions of orders_search_trgm_idx and
 * order_lines_search_trgm_idx (schema/orders.ts), written the same so that the indexes serve.
 */
const ORDER_TEXT = sql.raw(
  `(o.number || ' ' || o.user_email || ' ' || o.user_name || ' ' || coalesce(o.po_number, ''))`,
);
const LINE_TEXT = sql.raw(`(l.name || ' ' || coalesce(l.sku, ''))`);

/**
 * The orders a query finds: every word of `q` in the order's number (PS-O-000123, so "123" finds
 * it), the buyer's e-mail or name, the purchase order number, or the part name or part number of one of its lines (as
 * orders/search.ts looks, with the buyer added), each through its trigram index; the state; paid
 * or not; placed from the start of `from` to the end of `to` (UTC days).
 */
export function adminOrdersFilter(
  q: Pick<Query, 'q' | 'status' | 'paid' | 'from' | 'to'>,
): SQL | undefined {
  const where: SQL[] = [];
  for (const word of searchWords(q.q)) {
    const pattern = containsPattern(word);
    where.push(sql`${orders.id} in (
      select o.id from ${orders} o where ${ORDER_TEXT} ilike ${pattern}
      union all
      select l.order_id from ${orderLines} l where ${LINE_TEXT} ilike ${pattern})`);
  }
  if (q.status) where.push(STATE[q.status]);
  if (q.paid !== undefined) where.push(eq(orders.paid, q.paid));
  if (q.from && q.to && q.from > q.to)
    throw new HttpError(400, 'The first day comes after the last: swap them.');
  if (q.from) where.push(gte(orders.createdAt, dayStart(q.from)));
  if (q.to) where.push(lt(orders.createdAt, dayStart(q.to, 1)));
  return where.length > 0 ? and(...where) : undefined;
}

/**
 * A page of the admins' orders table, each order as the API answers it elsewhere (toApiOrder,
 * with its lines when it has several), and how many orders the query finds.
 */
export async function listAdminOrders(
  db: DbOrTx,
  q: Query,
  unpaidOrderTtlMs?: number,
): Promise<AdminPage<Order>> {
  const keyset = keysetPage(ADMIN_ORDER_SORT[q.sort], q.cursor, q.limit);
  const filter = adminOrdersFilter(q);
  const [rows, count] = await Promise.all([
    db
      .select({ order: orders, keysetKeys: keyset.keys })
      .from(orders)
      .where(and(filter, keyset.where))
      .orderBy(...keyset.orderBy)
      .limit(keyset.limit),
    db.$count(orders, filter),
  ]);
  const page = keyset.page(rows);
  const lines = await linesOfOrders(
    db,
    page.rows.map((r) => r.order.id),
  );
  return {
    items: page.rows.map(({ order }) => toApiOrder(order, unpaidOrderTtlMs, lines.get(order.id))),
    nextCursor: page.nextCursor,
    total: count,
  };
}
