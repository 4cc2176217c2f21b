import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { cartLinesOf, emptyCartStatement } from '../cart/repository.ts';
import { queueLowStockMailsFrom } from '../insights/low-stock.ts';
import { lockPartsStatement, takeStockStatement } from '../parts/stock.ts';
import { orderLines, orderMails, orders } from '../../db/schema/orders.ts';

/** A value of the statement: given, or a placeholder of a prepared statement. */
type Value = string | Placeholder;

/** Who places an order (from the session). */
export interface Buyer {
  id: string;
  email: string;
  name: string;
}

/** Where an order of several lines is shipped. */
export interface CheckoutInput {
  address: string;
  phone: string;
}

/**
 * Where the lines of an order of several lines come from: the buyer's cart (a checkout) or an
 * accepted quote. `lines` selects part_id, quantity and position (from 0), and `quoted_cents`
 * when the lines carry their own unit price (`quoted`: a quote's); otherwise each line is priced
 * by the catalogue for its quantity. `also` are data-modifying CTEs (`name as (...)`) the same
 * statement runs, which may read `placed` (the new order's id) to act only once it is placed:
 * emptying the cart, marking the quote accepted.
 */
export interface LinesSource {
  lines: SQL;
  quoted?: boolean;
  also: SQL[];
}

/** The buyer's cart, emptied by the checkout's statement. */
export function cartSource(userId: string | SQL): LinesSource {
  return {
    lines: cartLinesOf(userId),
    also: [sql`emptied as (${emptyCartStatement(userId, sql`exists (select 1 from placed)`)})`],
  };
}

/**
 * An order of several lines in one statement, as the purchase is (see placeOrderStatement):
 * every line takes its stock in one UPDATE (the part's rules in its WHERE clause), and the order
 * is written only when every line was taken, with its lines, its confirmation mail, any
 * low-stock mails and the source's own steps (`also`). When a line could not be taken the
 * statement answers no row and the caller rolls the transaction back, so no stock is taken
 * without its order and no order lacks a line.
 *
 * With `lockParts` (PostgreSQL, where orders run side by side), the statement first locks the
 * lines' parts in the order of their ids (`locked`), and takes stock only from parts it has
 * locked: orders sharing parts queue behind each other and never wait on each other in a circle.
 * The locks are taken inside the statement rather than by one before it, so an order holds them
 * for its statement and its COMMIT only, not for a further round trip (decision 047).
 *
 * Of the order's own columns, the first line gives the part, image, description and unit price;
 * `quantity` counts the units of all lines, `total_cents` sums the lines, and the name of an
 * order of several lines says how many more it holds ("Memory and 2 more").
 */
export function linesOrderStatement(
  source: LinesSource,
  input: {
    userId: Value;
    email: Value;
    userName: Value;
    address: Value;
    phone: Value;
    /** The unpaid-order limit's condition (see placeOrderStatement), or nothing. */
    underLimit: SQL;
    /** Lock the lines' parts in the order of their ids before taking their stock. */
    lockParts: boolean;
  },
) {
  const price = source.quoted ? sql.raw('quoted_cents') : sql.raw('unit_price_cents');
  const taken = takeStockStatement({
    partId: sql`w.part_id`,
    quantity: sql`w.quantity`,
    also: input.underLimit,
    from: input.lockParts
      ? sql`wanted w join locked l (locked_id) on l.locked_id = w.part_id`
      : sql`wanted w`,
    returning: source.quoted
      ? sql`, w.quantity, w.position, w.quoted_cents`
      : sql`, w.quantity, w.position`,
  });
  return sql`
  with wanted as (${source.lines})
  ${
    input.lockParts
      ? sql`, locked as materialized (${lockPartsStatement(sql`select part_id from wanted`)})`
      : sql``
  }
  , taken as (${taken})
  , counted as (
    select count(*)::int as n, sum(quantity)::int as units,
      sum(${price}::bigint * quantity) as total_cents
    from taken
    having count(*) > 0 and count(*) = (select count(*) from wanted))
  , placed as (
    insert into ${orders} (user_id, part_id, name, image, description, unit_price_cents,
                           quantity, total_cents, line_count, user_email, user_name, address,
                           phone, stock_after)
    select ${input.userId}, f.id,
      case when c.n > 1 then f.name || ' and ' || (c.n - 1) || ' more' else f.name end,
      f.image, f.description, f.${price}, c.units, c.total_cents, c.n,
      ${input.email}, ${input.userName}, ${input.address}, ${input.phone}, f.available_quantity
    from counted c, (select * from taken order by position limit 1) f
    returning id)
  , lines as (
    insert into ${orderLines} (order_id, position, part_id, name, image, unit_price_cents, quantity)
    select placed.id, t.position, t.id, t.name, t.image, t.${price}, t.quantity
    from placed, taken t)
  , mail as (insert into ${orderMails} (order_id) select id from placed)
  , low_stock_mail as (
    ${queueLowStockMailsFrom(sql`taken`)} and exists (select 1 from placed))
  ${sql.join(
    source.also.map((cte) => sql`, ${cte}`),
    sql` `,
  )}
  select placed.id, (select bool_or(low_stock_crossed) from taken) as low_stock_crossed
  from placed`;
}
