import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Cart } from '@partsmith/contract';
import { unitPriceCents } from '@partsmith/contract/pricing';
import type { DbOrTx } from '../../db/client.ts';
import { cartLines } from '../../db/schema/cart.ts';
import { partsByIds } from '../parts/repository.ts';
import { lineProblem } from '../parts/stock.ts';

// What other modules may do with carts: the checkout (orders) reads the buyer's lines in its own
// statement, empties the cart in it, and names the lines it could not serve.

/**
 * The buyer's cart lines (part_id, quantity, position from 0 in the order they were added). With
 * `lock`, the lines are locked (`for update`) and read as they are once locked: a line a
 * checkout beside this one has just emptied from the cart is not read at all.
 */
export const cartLinesOf = (userId: SQL | string, lock = false): SQL =>
  sql`select part_id, quantity,
      (row_number() over (order by created_at, part_id) - 1)::int as position
    from (select part_id, quantity, created_at from ${cartLines}
          where user_id = ${userId} ${lock ? sql`for update` : sql``}) c`;

/** A DELETE, for a data-modifying CTE, that empties the buyer's cart when `when` holds. */
export const emptyCartStatement = (userId: SQL | string, when: SQL): SQL =>
  sql`delete from ${cartLines} where user_id = ${userId} and ${when}`;

const dollars = (cents: number) => cents / 100;

/**
 * The buyer's cart, each line read with its part as it is now: the unit price for the line's
 * quantity (volume prices apply), the stock, and what keeps the line from being bought. A part
 * deleted for good takes its line with it (the foreign key).
 */
export async function readCart(db: DbOrTx, userId: string): Promise<Cart> {
  const rows = await db
    .select()
    .from(cartLines)
    .where(eq(cartLines.userId, userId))
    .orderBy(asc(cartLines.createdAt), asc(cartLines.partId));
  const byId = new Map(
    (
      await partsByIds(
        db,
        rows.map((r) => r.partId),
      )
    ).map((p) => [p.id, p]),
  );
  let totalCents = 0;
  let count = 0;
  const lines = rows.map((row) => {
    const part = byId.get(row.partId)!;
    const unit = unitPriceCents(part, row.quantity);
    totalCents += unit * row.quantity;
    count += row.quantity;
    return {
      partId: row.partId,
      name: part.name,
      image: part.image,
      price: dollars(unit),
      basePrice: dollars(part.priceCents),
      priceBreaks: part.priceBreaks.map((b) => ({
        minQuantity: b.minQuantity,
        price: dollars(b.priceCents),
      })),
      quantity: row.quantity,
      total: dollars(unit * row.quantity),
      minOrderQuantity: part.minOrderQuantity,
      availableQuantity: part.deletedAt ? 0 : part.availableQuantity,
      problem: lineProblem(part, row.quantity),
    };
  });
  return { lines, count, total: dollars(totalCents) };
}

/** Sets the quantity of a line (adding it when new). */
export async function setCartLine(db: DbOrTx, userId: string, partId: string, quantity: number) {
  await db
    .insert(cartLines)
    .values({ userId, partId, quantity })
    .onConflictDoUpdate({
      target: [cartLines.userId, cartLines.partId],
      set: { quantity, updatedAt: new Date() },
    });
}

/** How many lines the buyer's cart holds. */
export const cartLineCount = (db: DbOrTx, userId: string) =>
  db.$count(cartLines, eq(cartLines.userId, userId));

/** Takes a line out of the cart; answers whether there was one. */
export async function removeCartLine(db: DbOrTx, userId: string, partId: string) {
  const gone = await db
    .delete(cartLines)
    .where(and(eq(cartLines.userId, userId), eq(cartLines.partId, partId)))
    .returning({ partId: cartLines.partId });
  return gone.length > 0;
}
