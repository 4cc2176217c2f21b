// The admin's sales figures (GET /api/admin/sales) on PostgreSQL: a year of orders seeded with
// one SQL statement, and the overview's four statements run by a bare `pg` pool, the floor the
// API is read against.
import pg from 'pg';

const DAY_MS = 86_400_000;
const YEAR_SECONDS = 365 * 86_400;

/**
 * Inserts `count` orders of the listed parts, placed over the last 365 days (spread evenly by a
 * stride, so every run seeds the same), then ANALYZEs: by `g % 10`, 2 in 10 unpaid (expired
 * after a day, as the sweep would), 2 paid to ship, 6 paid and shipped. Returns how many were
 * placed in the last 30 and 90 UTC days (today included), as the overview counts them.
 */
export async function seedOrders(url, count) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `with p as (
         select id, name, image, description, price_cents,
                row_number() over (order by seq) - 1 as k, count(*) over () as total
         from parts where deleted_at is null),
       o as (
         select g, g % 10 as state,
                now() - make_interval(secs => (g::bigint * 7907) % ${YEAR_SECONDS}) as created_at
         from generate_series(1, $1::int) g)
       insert into orders (part_id, name, image, description, unit_price_cents, quantity,
                           subtotal_cents, total_cents, user_email, user_name, address, phone,
                           stock_after, paid, transaction_id, paid_at, shipped_at, expired_at,
                           created_at)
       select p.id, p.name, p.image, p.description, p.price_cents, 1 + o.g % 4,
              p.price_cents::bigint * (1 + o.g % 4), p.price_cents::bigint * (1 + o.g % 4),
              'buyer-' || (o.g % 2000) || '@example.com', 'Bench Buyer',
              '12 Bench Street, Springfield 12345', '+1 555 010 0200', 100, o.state >= 2,
              case when o.state >= 2 then 'bench-sales-' || o.g end,
              case when o.state >= 2 then o.created_at + interval '5 minutes' end,
              case when o.state >= 4 then least(now(), o.created_at + interval '2 days') end,
              case when o.state < 2 and o.created_at < now() - interval '1 day'
                   then o.created_at + interval '1 day' end,
              o.created_at
       from o join p on p.k = (o.g * 7919) % p.total`,
      [count],
    );
    // Each order's one line, as the purchase writes it.
    await client.query(
      `insert into order_lines (order_id, position, part_id, name, image, unit_price_cents, quantity)
       select id, 0, part_id, name, image, unit_price_cents, quantity from orders
       where not exists (select 1 from order_lines l where l.order_id = orders.id)`,
    );
    await client.query('analyze orders');
    await client.query('analyze order_lines');
    await client.query('analyze parts');
    const placed = {};
    for (const days of [30, 90]) {
      const { rows } = await client.query(
        'select count(*)::int as n from orders where created_at >= $1',
        [fromOf(days).toISOString()],
      );
      placed[days] = rows[0].n;
    }
    return placed;
  } finally {
    await client.end();
  }
}

/** The first UTC day of a span of `days` ending today, as the server's salesFigures takes it. */
export function fromOf(days, now = new Date()) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (days - 1) * DAY_MS);
}

// The four statements of server/src/modules/insights/service.ts (salesFigures), as the server
// sends them (unnamed, the date as a parameter): dailySales and topPartsByRevenue
// (modules/orders/sales.ts), partsBelowThreshold (modules/parts/stock.ts), receivables
// (modules/orders/terms.ts). Keep them in step.
const ON_ACCOUNT = `payment_method = 'invoice' and invoice_number is not null`;
const DAILY = `
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
    count(*) filter (where (paid and shipped_at is null and refunded_at is null)
      or (${ON_ACCOUNT} and not paid and expired_at is null and shipped_at is null
        and refunded_at is null)) as to_ship,
    count(*) filter (where shipped_at is not null and refunded_at is null) as shipped
  from orders
  where created_at >= $1
  group by (created_at at time zone 'UTC')::date
  order by 1`;
const TOP = `
  select l.part_id,
    (array_agg(l.name order by o.created_at desc))[1] as name,
    sum(l.unit_price_cents::bigint * (l.quantity - coalesce(rf.quantity, 0))) as revenue_cents,
    sum(l.quantity - coalesce(rf.quantity, 0)) as quantity
  from orders o join order_lines l on l.order_id = o.id
  left join (
    select r.order_id, (e->>'position')::int as position, sum((e->>'quantity')::int) as quantity
    from order_refunds r cross join jsonb_array_elements(r.lines) e
    group by 1, 2) rf on rf.order_id = l.order_id and rf.position = l.position
  where o.paid and o.refunded_at is null and o.created_at >= $1
  group by l.part_id, case when l.part_id is null then l.name end
  order by revenue_cents desc, name, part_id
  limit $2`;
const LOW = `
  select id, name, available_quantity as stock,
    coalesce(low_stock_threshold, 2 * min_order_quantity) as threshold
  from parts
  where deleted_at is null
    and available_quantity < coalesce(low_stock_threshold, 2 * min_order_quantity)
  order by available_quantity, name, id
  limit $1`;
const OWED = `(total_cents - coalesce((select sum(amount_cents) from invoice_payments
  where invoice_payments.order_id = orders.id), 0))`;
const RECEIVABLES = `
  select coalesce(sum(${OWED}), 0) as outstanding,
    coalesce(sum(${OWED}) filter (where due_date < current_date), 0) as overdue,
    count(*) as open,
    count(*) filter (where due_date < current_date) as late
  from orders
  where payment_method = 'invoice' and not paid and expired_at is null and refunded_at is null
    and approval is distinct from 'declined' and invoice_number is not null`;

/**
 * A pool of four connections (the server runs the four statements at once, on its pool) that
 * runs the overview's statements for a span; `run(days)` resolves with the time taken (ms).
 */
export function bareSales(url) {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  return {
    async run(days) {
      const from = fromOf(days).toISOString();
      const t = performance.now();
      await Promise.all([
        pool.query(DAILY, [from]),
        pool.query(TOP, [from, 5]),
        pool.query(LOW, [100]),
        pool.query(RECEIVABLES),
      ]);
      return performance.now() - t;
    },
    close: () => pool.end(),
  };
}
