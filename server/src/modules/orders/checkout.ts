import { sql } from 'drizzle-orm';
import { cartLinesOf, emptyCartStatement } from '../cart/repository.ts';
import { queueLowStockMailsFrom } from '../insights/low-stock.ts';
import { takeStockStatement } from '../parts/stock.ts';
import { orderLines, orderMails, orders } from '../../db/schema/orders.ts';

/**
 * The checkout in one statement, as the purchase is (see placeOrderStatement): every line of the
 * buyer's cart takes its stock in one UPDATE (the part's rules in its WHERE clause), and the order
 * is written only when every line was taken, with its lines, its confirmation mail and any
 * low-stock mails; the cart is emptied by the same statement. When a line could not be taken the
 * statement answers no row and the caller rolls the transaction back, so no stock is taken
 * without its order and no order lacks a line. The caller locks the cart's parts first, in the
 * order of their ids, so that checkouts sharing parts never wait on each other in a circle.
 *
 * Of the order's own columns, the first line gives the part, image, description and unit price;
 * `quantity` counts the units of all lines, `total_cents` sums the lines, and the name of an
 * order of several lines says how many more it holds ("Memory and 2 more").
 */
export function checkoutStatement(input: {
  userId: string;
  email: string;
  userName: string;
  address: string;
  phone: string;
  /** The unpaid-order limit's condition (see placeOrderStatement), or nothing. */
  underLimit: ReturnType<typeof sql>;
}) {
  const taken = takeStockStatement({
    partId: sql`w.part_id`,
    quantity: sql`w.quantity`,
    also: input.underLimit,
    from: sql`wanted w`,
    returning: sql`, w.quantity, w.position`,
  });
  return sql`
  with wanted as (${cartLinesOf(input.userId)})
  , taken as (${taken})
  , counted as (
    select count(*)::int as n, sum(quantity)::int as units,
      sum(unit_price_cents::bigint * quantity) as total_cents
    from taken
    having count(*) > 0 and count(*) = (select count(*) from wanted))
  , placed as (
    insert into ${orders} (user_id, part_id, name, image, description, unit_price_cents,
                           quantity, total_cents, line_count, user_email, user_name, address,
                           phone, stock_after)
    select ${input.userId}, f.id,
      case when c.n > 1 then f.name || ' and ' || (c.n - 1) || ' more' else f.name end,
      f.image, f.description, f.unit_price_cents, c.units, c.total_cents, c.n,
      ${input.email}, ${input.userName}, ${input.address}, ${input.phone}, f.available_quantity
    from counted c, (select * from taken order by position limit 1) f
    returning id)
  , lines as (
    insert into ${orderLines} (order_id, position, part_id, name, image, unit_price_cents, quantity)
    select placed.id, t.position, t.id, t.name, t.image, t.unit_price_cents, t.quantity
    from placed, taken t)
  , mail as (insert into ${orderMails} (order_id) select id from placed)
  , low_stock_mail as (
    ${queueLowStockMailsFrom(sql`taken`)} and exists (select 1 from placed))
  , emptied as (${emptyCartStatement(input.userId, sql`exists (select 1 from placed)`)})
  select placed.id, (select bool_or(low_stock_crossed) from taken) as low_stock_crossed
  from placed`;
}
