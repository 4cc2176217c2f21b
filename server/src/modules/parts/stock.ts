import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { quantityMessage } from '@partsmith/contract';
import type { DbOrTx } from '../../db/client.ts';
import { parts } from '../../db/schema/parts.ts';

/**
 * Puts an order line's quantity back in its part's stock, inside the caller's transaction: the
 * one restock every flow that gives stock back uses (an unpaid order deleted or expired). A
 * line whose part is gone (partId null) has nothing to give back.
 */
export async function restock(tx: DbOrTx, line: { partId: string | null; quantity: number }) {
  if (!line.partId || line.quantity <= 0) return;
  await tx
    .update(parts)
    .set({
      availableQuantity: sql`${parts.availableQuantity} + ${line.quantity}`,
      // Back at the threshold or above: the next fall below it mails the admins again.
      lowStockAlertedAt: sql`case when ${parts.availableQuantity} + ${line.quantity} >= ${LOW_STOCK_THRESHOLD}
        then null else ${parts.lowStockAlertedAt} end`,
      updatedAt: new Date(),
    })
    .where(eq(parts.id, line.partId));
}

/**
 * Whether a part's minimum order can be served from its stock: what its page calls "in stock"
 * (the web's canBuy). Below it the part is out of stock, and a stock alert may wait for it.
 */
export const inStock = (part: { availableQuantity: number; minOrderQuantity: number }) =>
  part.availableQuantity > 0 && part.availableQuantity >= part.minOrderQuantity;

/** inStock for a listed (not deleted) part, in SQL, on the row of the table alias `row`. */
export const inStockSql = (row: string): SQL =>
  sql.raw(`${row}.deleted_at is null and ${row}.available_quantity > 0
    and ${row}.available_quantity >= ${row}.min_order_quantity`);

/**
 * A part's effective low-stock threshold: its own, else twice its minimum order. A part is
 * marked (`low_stock_alerted_at`) exactly while its stock is below it: every write of the stock or
 * the threshold keeps that so, which lets the purchase tell a crossing from the row it wrote.
 */
export const LOW_STOCK_THRESHOLD = sql`coalesce(${parts.lowStockThreshold}, 2 * ${parts.minOrderQuantity})`;

/** The effective threshold of a part row (the API shows this one). */
export const lowStockThresholdOf = (row: {
  lowStockThreshold: number | null;
  minOrderQuantity: number;
}) => row.lowStockThreshold ?? 2 * row.minOrderQuantity;

/**
 * The low-stock mark of a part an admin adds or changes: none at the threshold or above, kept (or
 * set now) below it. The admin's own change mails nobody (the overview lists the part); only a
 * purchase's fall below the threshold does.
 */
export function lowStockMarkAfter(
  before: { lowStockAlertedAt: Date | null },
  after: { availableQuantity: number; lowStockThreshold: number | null; minOrderQuantity: number },
): Date | null {
  if (after.availableQuantity >= lowStockThresholdOf(after)) return null;
  return before.lowStockAlertedAt ?? new Date();
}

export interface LowStockPart {
  id: string;
  name: string;
  stock: number;
  threshold: number;
}

/** A part not deleted whose stock is below its threshold (out of stock included). */
const BELOW_THRESHOLD = sql`deleted_at is null and available_quantity < ${LOW_STOCK_THRESHOLD}`;

/** The listed parts below their threshold, the emptiest first (at most `limit`). */
export async function partsBelowThreshold(db: DbOrTx, limit: number): Promise<LowStockPart[]> {
  const result = await db.execute(sql`
    select id, name, available_quantity as stock, ${LOW_STOCK_THRESHOLD} as threshold
    from ${parts}
    where ${BELOW_THRESHOLD}
    order by available_quantity, name, id
    limit ${limit}`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((r) => ({
    id: String(r.id),
    name: String(r.name),
    stock: Number(r.stock),
    threshold: Number(r.threshold),
  }));
}

/** How many parts are below their threshold (all of them, where the overview lists 100). */
export function countPartsBelowThreshold(db: DbOrTx): Promise<number> {
  return db.$count(parts, BELOW_THRESHOLD);
}

/**
 * The unit price in cents of `quantity` units of the part in the row at hand (an UPDATE's
 * RETURNING, a SELECT from parts): the price of the break with the highest `minQuantity` at or
 * below the quantity (the lower price on a tie), else the base price; the contract's
 * unitPriceCents, in SQL. Read from the row the purchase's UPDATE locked and changed, so a price
 * edited at the same moment is either wholly before or wholly after it.
 */
export function unitPriceCentsSql(quantity: Placeholder | SQL, row?: string): SQL {
  // `row`: a table alias (a row of partsNowStatement), else the parts table itself.
  const breaks = row ? sql.raw(`${row}.price_breaks`) : sql`${parts.priceBreaks}`;
  const base = row ? sql.raw(`${row}.price_cents`) : sql`${parts.priceCents}`;
  return sql`coalesce((select (b ->> 'priceCents')::int
      from jsonb_array_elements(${breaks}) b
      where (b ->> 'minQuantity')::int <= ${quantity}
      order by (b ->> 'minQuantity')::int desc, (b ->> 'priceCents')::int
      limit 1), ${base})`;
}

/**
 * The purchase's stock step, for the orders module's one-statement purchase: an UPDATE that takes
 * `quantity` from a listed part when the part's rules allow it (and `also`, the caller's own
 * condition, holds), returning what the order copies (`unit_price_cents`: the unit price that
 * applies to the quantity). The check and the decrement are one step, so stock never goes below
 * zero whatever runs beside it. The values may be placeholders.
 *
 * The same UPDATE marks the part when its stock falls below its low-stock threshold, and returns
 * `low_stock_crossed`: true for the one purchase that took the stock from the threshold or above
 * to below it. Purchases of one part take turns on its row, each seeing the stock the one before
 * left, so of several crossing at once exactly one says so (the part is marked exactly while
 * below, see LOW_STOCK_THRESHOLD), with no extra statement when nothing crosses.
 */
export function takeStockStatement(input: {
  partId: Placeholder | SQL;
  quantity: Placeholder | SQL;
  also?: SQL;
  /**
   * A checkout takes several parts in one UPDATE: `from` names the lines (`wanted w`), whose
   * columns `partId` and `quantity` then refer to, and `returning` adds their columns.
   */
  from?: SQL;
  returning?: SQL;
}): SQL {
  return sql`update ${parts}
    set available_quantity = available_quantity - ${input.quantity}, updated_at = now(),
      low_stock_alerted_at = case
        when available_quantity - ${input.quantity} < ${LOW_STOCK_THRESHOLD}
          then coalesce(low_stock_alerted_at, now())
        else low_stock_alerted_at end
    ${input.from ? sql`from ${input.from}` : sql``}
    where id = ${input.partId} and ${partAllows(input.quantity)}
      ${input.also ?? sql``}
    returning id, name, image, description, price_cents, available_quantity,
      available_quantity < ${LOW_STOCK_THRESHOLD}
        and available_quantity + ${input.quantity} >= ${LOW_STOCK_THRESHOLD} as low_stock_crossed,
      ${LOW_STOCK_THRESHOLD} as low_stock_threshold,
      ${unitPriceCentsSql(input.quantity)} as unit_price_cents
      ${input.returning ?? sql``}`;
}

/**
 * What keeps a line (a cart's, a quote's) from being bought as it stands, or null when it can
 * be: the part as it is now, or undefined when it is gone.
 */
export function lineProblem(
  part: { deletedAt: Date | null; minOrderQuantity: number; availableQuantity: number } | undefined,
  quantity: number,
): string | null {
  if (!part || part.deletedAt) return 'This part is not in our catalogue any more.';
  if (part.availableQuantity < part.minOrderQuantity) return 'This part is out of stock.';
  if (quantity < part.minOrderQuantity || quantity > part.availableQuantity)
    return quantityMessage(part.minOrderQuantity, part.availableQuantity);
  return null;
}

/**
 * The part's rules for taking `quantity` units of it, on the row at hand (`row`: a table alias,
 * or none for the table being updated): listed, enough stock, at least the minimum order. The
 * purchase's UPDATE and a checkout's check before it (partsNowStatement) test the same rules.
 */
export const partAllows = (quantity: Placeholder | SQL, row?: string): SQL => {
  const col = (name: string) => sql.raw(row ? `${row}.${name}` : name);
  return sql`${col('deleted_at')} is null
      and ${col('available_quantity')} >= ${quantity}
      and ${col('min_order_quantity')} <= ${quantity}`;
};

/**
 * The parts `ids` names (a subquery of part ids) as they are now, with the columns partAllows
 * reads and the prices (unitPriceCentsSql with the row's alias). With `lock`, they are locked in the order of their ids (`for update`): statements that
 * take several parts lock them first in one order, so two of them sharing parts queue behind
 * each other instead of each holding what the other needs, and the rows answered are the latest
 * versions, which no one else can change until the statement's transaction ends.
 */
export const partsNowStatement = (ids: SQL, lock: boolean) =>
  sql`select id, deleted_at, available_quantity, min_order_quantity, price_cents, price_breaks
    from ${parts} where id in (${ids}) order by id ${lock ? sql`for update` : sql``}`;
