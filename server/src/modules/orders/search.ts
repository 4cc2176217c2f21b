import { sql, type SQL } from 'drizzle-orm';
import { orderLines, orders } from '../../db/schema/orders.ts';

/** At most this many words of a search are looked for (a search has at most 100 characters). */
const MAX_WORDS = 8;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The orders a search (`q`, GET /api/orders and /api/allPurchases) finds, as a condition on
 * `orders`, or undefined for an empty search: every word of it is found, case aside, in the
 * order's number (`PS-O-000123`, so "123" finds it), its purchase order number, or in the part name or the part number of
 * one of its lines. A buyer's search runs over their own orders only (orders_user_idx); the
 * lines are read by their primary key, order by order.
 */
export function orderSearch(q: string | undefined): SQL | undefined {
  const words = (q ?? '').trim().split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
  if (words.length === 0) return undefined;
  return sql.join(
    words.map((word) => {
      const pattern = `%${escapeLike(word)}%`;
      return sql`(${orders.number} ilike ${pattern} or ${orders.poNumber} ilike ${pattern}
        or exists (select 1 from ${orderLines} l where l.order_id = ${orders.id}
          and (l.name ilike ${pattern} or l.sku ilike ${pattern})))`;
    }),
    sql` and `,
  );
}
