import { sql, type SQL } from 'drizzle-orm';
import { orderLines, orderMails, orders } from '../../db/schema/orders.ts';
import { queueLowStockMailsFrom } from '../insights/low-stock.ts';
import { takeStockStatement, unitPriceCentsSql } from '../parts/stock.ts';
import { cardOrderSql, underUnpaidValue } from './unpaid-value.ts';

/**
 * The unpaid-order limit as a condition of a statement that takes stock (placeholders `userId`,
 * `maxUnpaid`): the buyer holds fewer than `maxUnpaid` open unpaid orders, counted up to the
 * limit on the partial index of open unpaid orders. Nothing when there is no limit.
 */
export function underUnpaidLimit(limited: boolean): SQL {
  return limited
    ? sql`and (select count(*) from (select 1 from ${orders} o
                 where o.user_id = ${sql.placeholder('userId')} and not o.paid
                   and o.expired_at is null and ${cardOrderSql('o')}
                 limit ${sql.placeholder('maxUnpaid')}) open_orders) < ${sql.placeholder('maxUnpaid')}`
    : sql``;
}

/**
 * The purchase (placing.ts, placeInTx): the stock taken and the order written in one statement, with
 * placeholders so that it is built once and kept prepared under a name (decision 037). With a
 * limit on unpaid orders, the stock is taken only while the buyer holds fewer than `maxUnpaid`
 * (counted up to the limit, on the partial index of open unpaid orders); with a limit on their
 * value, only while they and this order come to at most `maxUnpaidCents` (underUnpaidValue).
 * It answers only what placeInTx reads, the order's id and whether it crossed the part's
 * low-stock threshold: the whole new order row (some 30 columns) cost the server a row
 * description and every value to parse on every purchase (decision 055).
 */
export function placeOrderStatement(limitUnpaid: boolean, limitValue: boolean) {
  const quantity = sql.placeholder('quantity');
  const underLimit = sql`${underUnpaidLimit(limitUnpaid)} ${
    limitValue ? underUnpaidValue(sql`${unitPriceCentsSql(quantity)}::bigint * ${quantity}`) : sql``
  }`;
  // The parts module writes the stock half; this statement only composes it.
  const taken = takeStockStatement({
    partId: sql.placeholder('partId'),
    quantity,
    also: underLimit,
    // The line keeps the part number it was bought under.
    returning: sql`, parts.sku`,
  });
  return sql`
  with taken as (${taken})
  , placed as (
    insert into ${orders} (user_id, part_id, name, image, description, unit_price_cents,
                           quantity, subtotal_cents, total_cents, user_email, user_name,
                           address, phone, stock_after)
    select ${sql.placeholder('userId')}, id, name, image, description, unit_price_cents,
           ${sql.placeholder('quantity')},
           unit_price_cents::bigint * ${sql.placeholder('quantity')},
           unit_price_cents::bigint * ${sql.placeholder('quantity')},
           ${sql.placeholder('email')}, ${sql.placeholder('userName')},
           ${sql.placeholder('address')}, ${sql.placeholder('phone')}, available_quantity
    from taken
    returning *)
  , line as (
    insert into ${orderLines} (order_id, position, part_id, sku, name, image, unit_price_cents,
                               quantity)
    select id, 0, part_id, (select sku from taken), name, image, unit_price_cents, quantity
    from placed)
  , mail as (insert into ${orderMails} (order_id) select id from placed)
  , low_stock_mail as (${queueLowStockMailsFrom(sql`taken`)})
  select placed.id, (select low_stock_crossed from taken) as low_stock_crossed from placed`;
}
