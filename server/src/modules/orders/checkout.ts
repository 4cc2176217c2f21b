import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { cartLinesOf, emptyCartStatement } from '../cart/repository.ts';
import { queueLowStockMailsFrom } from '../insights/low-stock.ts';
import {
  partAllows,
  partsNowStatement,
  takeStockStatement,
  unitPriceCentsSql,
} from '../parts/stock.ts';
import { orderLines, orderMails, orders } from '../../db/schema/orders.ts';
import { companyUnitPriceCentsSql } from '../companies/price-rules.ts';
import type { PricedOrder } from './pricing.ts';

/** A value of the statement: given, or a placeholder of a prepared statement. */
type Value = string | Placeholder;

/** Who places an order (from the session). */
export interface Buyer {
  id: string;
  email: string;
  name: string;
  /**
   * Not held to MAX_UNPAID_VALUE: a company's order on payment terms, whose credit limit governs
   * it instead, or awaiting its approver (issue 49).
   */
  unpaidValueExempt?: boolean;
  /** Not held to MAX_UNPAID_ORDERS: a company's order on terms or awaiting approval. */
  unpaidCountExempt?: boolean;
}

/** An order of several lines as priced (pricing.ts): where it ships, its shipping and taxes. */
export type CheckoutInput = PricedOrder;

/**
 * The money and destination of an order of several lines as the statement's placeholders
 * (`moneyPlaceholders`), and their values for one order.
 */
export const moneyValues = (priced: PricedOrder) => ({
  address: priced.address,
  phone: priced.phone,
  subtotalCents: priced.subtotalCents,
  extraCents: priced.shippingCents + priced.taxCents,
  shippingCents: priced.shippingCents,
  taxCents: priced.taxCents,
  shippingMethodId: priced.shippingMethod?.id ?? null,
  shippingMethodName: priced.shippingMethod?.name ?? null,
  shippingMinDays: priced.shippingMethod?.minDays ?? null,
  shippingMaxDays: priced.shippingMethod?.maxDays ?? null,
  taxes: JSON.stringify(priced.taxes),
  shipTo: JSON.stringify(priced.shipTo),
  buyerTaxId: priced.buyerTaxId,
  taxExemption: priced.taxExemption,
});
const money = (name: keyof ReturnType<typeof moneyValues>) => sql.placeholder(name);

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
  /** Priced by the shop's owner (a quote's): also exempt from MAX_UNPAID_VALUE. */
  quoted?: boolean;
  /** Priced by the source but still held to MAX_UNPAID_VALUE (a company's prices). */
  keepValueLimit?: boolean;
  also: SQL[];
}

/**
 * The buyer's cart, emptied by the checkout's statement. With `lock` (PostgreSQL), its lines are
 * locked as they are read: of two checkouts of one cart at once, the second waits for the first,
 * then finds the cart it emptied and places nothing.
 */
export function cartSource(userId: string | SQL, lock: boolean): LinesSource {
  return {
    lines: cartLinesOf(userId, lock),
    also: [sql`emptied as (${emptyCartStatement(userId, sql`exists (select 1 from placed)`)})`],
  };
}

/**
 * The buyer's cart priced at their company's price list (issue 49, decision 064): each line's
 * `quoted_cents` is companyUnitPriceCents in SQL for the list in the placeholder `priceListId`,
 * so the statement charges what the cart and the preview showed. Emptied as cartSource's.
 */
export function companyCartSource(userId: string | SQL, lock: boolean): LinesSource {
  const cart = cartSource(userId, lock);
  return {
    ...cart,
    lines: sql`select c.part_id, c.quantity, c.position, ${companyUnitPriceCentsSql({
      part: 'p',
      priceListId: sql`${sql.placeholder('priceListId')}::uuid`,
      publicCents: unitPriceCentsSql(sql`c.quantity`, 'p'),
    })} as quoted_cents
      from (${cart.lines}) c join parts p on p.id = c.part_id`,
    quoted: true,
    keepValueLimit: true,
  };
}

/**
 * An order of several lines in one statement, as the purchase is (see placeOrderStatement).
 * First the lines' parts are read as they are now (`parts_now`) and every line is checked against
 * its part's rules and the unpaid-order limits (`whole`); only when every line passes does one
 * UPDATE take every line's stock (the rules again in its WHERE clause), and the order is written
 * with its lines, its confirmation mail, any low-stock mails and the source's own steps (`also`).
 * When a line cannot be taken the statement changes nothing and answers no row: it is whole on
 * its own, so it may run as its own transaction (decision 051).
 *
 * With `lockParts` (PostgreSQL, where orders run side by side), `parts_now` locks the lines'
 * parts in the order of their ids, and the stock is taken only from parts it has locked: orders
 * sharing parts queue behind each other and never wait on each other in a circle, and the check
 * reads the rows the UPDATE then changes, as no one else can change them in between.
 *
 * Of the order's own columns, the first line gives the part, image, description and unit price;
 * `quantity` counts the units of all lines, `subtotal_cents` sums the lines, `total_cents` adds
 * the shipping and taxes priced beforehand (pricing.ts), and the name of an order of several
 * lines says how many more it holds ("Memory and 2 more"). The lines must come to the subtotal
 * the buyer was shown (`subtotalCents`), or nothing is placed: the caller prices again and says
 * what changed.
 */
export function linesOrderStatement(
  source: LinesSource,
  input: {
    userId: Value;
    email: Value;
    userName: Value;
    /**
     * The unpaid-order limits' condition (see placeOrderStatement) on the new order's value in
     * cents (`orderCents`, an aggregate over the lines), or nothing.
     */
    underLimit: (orderCents: SQL) => SQL;
    /** Lock the lines' parts in the order of their ids before taking their stock. */
    lockParts: boolean;
  },
) {
  const price = source.quoted ? sql.raw('quoted_cents') : sql.raw('unit_price_cents');
  // What the order will come to, from the lines and their parts as parts_now read them.
  const orderCents = sql`sum(${
    source.quoted ? sql`w.quoted_cents` : unitPriceCentsSql(sql`w.quantity`, 'n')
  }::bigint * w.quantity)`;
  const taken = takeStockStatement({
    partId: sql`w.part_id`,
    quantity: sql`w.quantity`,
    also: sql`and (select ok from whole)`,
    // parts_now's columns renamed: the UPDATE's own (unqualified) are the part's.
    from: sql`wanted w join parts_now n (now_id, now_deleted, now_stock, now_min, now_price,
      now_breaks) on n.now_id = w.part_id`,
    // The lines keep the part numbers they were bought under.
    returning: source.quoted
      ? sql`, w.quantity, w.position, w.quoted_cents, parts.sku`
      : sql`, w.quantity, w.position, parts.sku`,
  });
  return sql`
  with wanted as materialized (${source.lines})
  , parts_now as materialized (
    ${partsNowStatement(sql`select part_id from wanted`, input.lockParts)})
  , whole as (
    select count(*) > 0 and count(*) = (select count(*) from wanted)
      -- Priced as the buyer was shown (pricing.ts): a price changed since places nothing.
      and ${orderCents} = ${money('subtotalCents')}::bigint
      ${input.underLimit(sql`(${orderCents} + ${money('extraCents')}::bigint)`)} as ok
    from wanted w join parts_now n on n.id = w.part_id
    where ${partAllows(sql`w.quantity`, 'n')})
  , taken as (${taken})
  , counted as (
    select count(*)::int as n, sum(quantity)::int as units,
      sum(${price}::bigint * quantity) as total_cents
    from taken
    having count(*) > 0 and count(*) = (select count(*) from wanted))
  , placed as (
    insert into ${orders} (user_id, part_id, name, image, description, unit_price_cents,
                           quantity, subtotal_cents, shipping_cents, tax_cents, total_cents,
                           line_count, user_email, user_name, address, phone, stock_after,
                           shipping_method_id, shipping_method_name, shipping_min_days,
                           shipping_max_days, taxes, ship_to, buyer_tax_id, tax_exemption)
    select ${input.userId}, f.id,
      case when c.n > 1 then f.name || ' and ' || (c.n - 1) || ' more' else f.name end,
      f.image, f.description, f.${price}, c.units, c.total_cents,
      ${money('shippingCents')}::bigint, ${money('taxCents')}::bigint,
      c.total_cents + ${money('shippingCents')}::bigint + ${money('taxCents')}::bigint, c.n,
      ${input.email}, ${input.userName}, ${money('address')}, ${money('phone')},
      f.available_quantity, ${money('shippingMethodId')}::uuid, ${money('shippingMethodName')},
      ${money('shippingMinDays')}::int, ${money('shippingMaxDays')}::int,
      ${money('taxes')}::jsonb, ${money('shipTo')}::jsonb, ${money('buyerTaxId')},
      ${money('taxExemption')}
    from counted c, (select * from taken order by position limit 1) f
    returning id)
  , lines as (
    insert into ${orderLines} (order_id, position, part_id, sku, name, image, unit_price_cents,
                               quantity)
    select placed.id, t.position, t.id, t.sku, t.name, t.image, t.${price}, t.quantity
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
