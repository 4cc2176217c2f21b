import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orderLines, orderRefunds, orders } from '../../db/schema/orders.ts';
import { TO_SHIP } from './admin-list.ts';

// What other modules may read of the orders in bulk: the admin overview's figures and the
// accounting export (the insights module), both a range of `created_at` on
// orders_created_seq_idx; and how many orders wait to be shipped (the dashboard's home).

/**
 * One UTC day's orders placed: the paid ones' revenue (the parts sold: their lines' sum), the
 * shipping and sales tax they collected besides, their count, and the count by state.
 */
export interface DailySales {
  /** YYYY-MM-DD (UTC). */
  day: string;
  revenueCents: number;
  shippingCents: number;
  taxCents: number;
  /** Paid and not refunded: the orders the revenue is of. */
  paid: number;
  /**
   * Each order in one state: waiting for its payment (not paid, expired or refunded, and not on a
   * company's account), to ship (Manage Orders' `to-ship`: paid, or invoiced on a company's
   * payment terms, and neither shipped nor refunded), shipped (and not refunded since).
   */
  unpaid: number;
  toShip: number;
  shipped: number;
}

/** Invoiced on a company's payment terms: the order ships before it is paid. */
const ON_ACCOUNT = sql`${orders.paymentMethod} = 'invoice' and ${orders.invoiceNumber} is not null`;

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/**
 * The orders placed from `from` on, by UTC day (only days with orders): one pass over the range
 * gives the revenue, the shipping and tax collected, the count by state and, summed, the average
 * paid order. Revenue is the lines' sum (`subtotal_cents`), as it was before orders had shipping
 * and tax: the tax is the state's, and the shipping is counted on its own. What partial refunds
 * gave back (of the lines and of the tax) is taken off an order's revenue and tax.
 */
export async function dailySales(db: DbOrTx, from: Date): Promise<DailySales[]> {
  const result = await db.execute(sql`
    select to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day,
      coalesce(sum(subtotal_cents - refunded_subtotal_cents)
        filter (where paid and refunded_at is null), 0) as revenue_cents,
      coalesce(sum(shipping_cents) filter (where paid and refunded_at is null), 0)
        as shipping_cents,
      coalesce(sum(tax_cents - refunded_tax_cents) filter (where paid and refunded_at is null), 0)
        as tax_cents,
      count(*) filter (where paid and refunded_at is null) as paid,
      count(*) filter (where not paid and expired_at is null and refunded_at is null
        and shipped_at is null and not (${ON_ACCOUNT})) as unpaid,
      count(*) filter (where (${TO_SHIP.paid}) or (${TO_SHIP.onAccount})) as to_ship,
      count(*) filter (where shipped_at is not null and refunded_at is null) as shipped
    from ${orders}
    where created_at >= ${from.toISOString()}
    group by (created_at at time zone 'UTC')::date
    order by 1`);
  return rowsOf(result).map((r) => ({
    day: String(r.day),
    revenueCents: Number(r.revenue_cents),
    shippingCents: Number(r.shipping_cents),
    taxCents: Number(r.tax_cents),
    paid: Number(r.paid),
    unpaid: Number(r.unpaid),
    toShip: Number(r.to_ship),
    shipped: Number(r.shipped),
  }));
}

export interface PartSales {
  /** null for the orders of a part deleted for good (grouped by the name they kept). */
  partId: string | null;
  name: string;
  revenueCents: number;
  quantity: number;
}

/**
 * The units partial refunds gave back, by order and line position (`order_refunds.lines`), to
 * join to `order_lines l` as `rf`.
 */
const REFUNDED_UNITS = sql`left join (
    select r.order_id, (e->>'position')::int as position, sum((e->>'quantity')::int) as quantity
    from ${orderRefunds} r cross join jsonb_array_elements(r.lines) e
    group by 1, 2) rf on rf.order_id = l.order_id and rf.position = l.position`;

/**
 * The `limit` parts whose paid orders placed from `from` on brought the most, with the name of
 * their latest order (a part renamed since shows its newest name); the units partial refunds
 * gave back do not count.
 */
export async function topPartsByRevenue(
  db: DbOrTx,
  from: Date,
  limit: number,
): Promise<PartSales[]> {
  const result = await db.execute(sql`
    select l.part_id,
      (array_agg(l.name order by o.created_at desc))[1] as name,
      sum(l.unit_price_cents::bigint * (l.quantity - coalesce(rf.quantity, 0))) as revenue_cents,
      sum(l.quantity - coalesce(rf.quantity, 0)) as quantity
    from ${orders} o join ${orderLines} l on l.order_id = o.id
    ${REFUNDED_UNITS}
    where o.paid and o.refunded_at is null and o.created_at >= ${from.toISOString()}
    group by l.part_id, case when l.part_id is null then l.name end
    order by revenue_cents desc, name, part_id
    limit ${limit}`);
  return rowsOf(result).map((r) => ({
    partId: r.part_id === null ? null : String(r.part_id),
    name: String(r.name),
    revenueCents: Number(r.revenue_cents),
    quantity: Number(r.quantity),
  }));
}

/**
 * The catalogue's best sellers (the search's `sort=best-selling`), at most `limit` part ids, most
 * sold first: by the quantity of their paid, not refunded orders sold (paid, else placed) from
 * `since` on, then by the quantity of all time (a shop with no recent sales falls back to its
 * sales of all time), then by id. Parts deleted for good are left out.
 */
export async function bestSellingPartIds(
  db: DbOrTx,
  since: Date,
  limit: number,
): Promise<string[]> {
  const result = await db.execute(sql`
    select l.part_id,
      coalesce(sum(l.quantity - coalesce(rf.quantity, 0)) filter (
        where coalesce(o.paid_at, o.created_at) >= ${since.toISOString()}), 0) as recent,
      sum(l.quantity - coalesce(rf.quantity, 0)) as quantity
    from ${orders} o join ${orderLines} l on l.order_id = o.id
    ${REFUNDED_UNITS}
    where o.paid and o.refunded_at is null and l.part_id is not null
    group by l.part_id
    order by recent desc, quantity desc, l.part_id
    limit ${limit}`);
  return rowsOf(result).map((r) => String(r.part_id));
}

/** A line of an order as the accounting export writes it, with its order's own columns. */
export interface ExportedLine {
  id: string;
  /** The order's number for people (PS-O-000123). */
  number: string;
  createdAt: Date;
  paid: boolean;
  paidAt: Date | null;
  shippedAt: Date | null;
  expiredAt: Date | null;
  userEmail: string;
  userName: string;
  /** The line's place in its order, from 1. */
  line: number;
  partId: string | null;
  /** The line's part number; empty on lines older than part numbers. */
  sku: string | null;
  partName: string;
  quantity: number;
  unitPriceCents: number;
  /** The order's money: the lines' sum, shipping, sales tax, and their sum (what was charged). */
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

const asDate = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string | Date);

/**
 * The lines of the orders placed in [from, to), oldest first, `batch` orders at a time: keyset
 * pages on (created_at, seq), so memory holds one page whatever the range, and no page waits on
 * a cursor held open across the client's reads (a slow download holds no connection between
 * pages). An order without lines (none is written so) would still come out once, as its own
 * first line.
 */
export async function* orderLinesPlacedBetween(
  db: DbOrTx,
  range: { from: Date | null; to: Date | null },
  batch = 1000,
): AsyncGenerator<ExportedLine[]> {
  let after: { createdAt: string; seq: number } | null = null;
  for (;;) {
    const result = await db.execute(sql`
      with page as (
        select id, seq, number, created_at, created_at::text as created_at_text, paid, paid_at,
          shipped_at, expired_at, user_email, user_name, part_id, name, quantity,
          unit_price_cents, subtotal_cents, shipping_cents, tax_cents, total_cents
        from ${orders}
        where true
          ${range.from ? sql`and created_at >= ${range.from.toISOString()}` : sql``}
          ${range.to ? sql`and created_at < ${range.to.toISOString()}` : sql``}
          ${after ? sql`and (created_at, seq) > (${after.createdAt}::timestamptz, ${after.seq})` : sql``}
        order by created_at, seq
        limit ${batch})
      select o.id, o.seq, o.number, o.created_at, o.created_at_text, o.paid, o.paid_at,
        o.shipped_at, o.expired_at, o.user_email, o.user_name, o.subtotal_cents,
        o.shipping_cents, o.tax_cents, o.total_cents,
        row_number() over (partition by o.id order by l.position) as line,
        case when l.order_id is null then o.part_id else l.part_id end as part_id, l.sku,
        coalesce(l.name, o.name) as name,
        coalesce(l.quantity, o.quantity) as quantity,
        coalesce(l.unit_price_cents, o.unit_price_cents) as unit_price_cents
      from page o left join ${orderLines} l on l.order_id = o.id
      order by o.created_at, o.seq, l.position`);
    const rows = rowsOf(result);
    if (rows.length === 0) return;
    const last = rows[rows.length - 1]!;
    // The key goes back as PostgreSQL's own text (microseconds), not through a JS Date (ms).
    after = { createdAt: String(last.created_at_text), seq: Number(last.seq) };
    yield rows.map((r) => ({
      id: String(r.id),
      number: String(r.number),
      createdAt: asDate(r.created_at)!,
      paid: Boolean(r.paid),
      paidAt: asDate(r.paid_at),
      shippedAt: asDate(r.shipped_at),
      expiredAt: asDate(r.expired_at),
      userEmail: String(r.user_email),
      userName: String(r.user_name),
      line: Number(r.line),
      partId: r.part_id === null ? null : String(r.part_id),
      sku: r.sku === null || r.sku === undefined ? null : String(r.sku),
      partName: String(r.name),
      quantity: Number(r.quantity),
      unitPriceCents: Number(r.unit_price_cents),
      subtotalCents: Number(r.subtotal_cents),
      shippingCents: Number(r.shipping_cents),
      taxCents: Number(r.tax_cents),
      totalCents: Number(r.total_cents),
    }));
    if (new Set(rows.map((r) => r.id)).size < batch) return;
  }
}

/**
 * The orders to ship (Manage Orders' `to-ship`): those paid and those on a company's account, not
 * shipped or refunded, counted apart, each an index-only count of its partial index (TO_SHIP).
 */
export async function countOrdersToShip(db: DbOrTx): Promise<number> {
  const [paid, onAccount] = await Promise.all([
    db.$count(orders, TO_SHIP.paid),
    db.$count(orders, TO_SHIP.onAccount),
  ]);
  return paid + onAccount;
}
