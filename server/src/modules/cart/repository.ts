import { and, asc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Cart } from '@partsmith/contract';
import { companyUnitPriceCents } from '@partsmith/contract/pricing';
import type { DbOrTx } from '../../db/client.ts';
import { purgeBatch } from '../../db/purge.ts';
import { cartLines, visitorCartLines, visitorCarts } from '../../db/schema/cart.ts';
import { partsByIds } from '../parts/repository.ts';
import { lineProblem } from '../parts/stock.ts';
import { buyerPriceRules, priceRules } from '../companies/price-rules.ts';

// What other modules may do with carts: the checkout (orders) reads the buyer's lines in its own
// statement, empties the cart in it, and names the lines it could not serve; housekeeping
// deletes the visitors' carts nobody has touched for a while.

/**
 * Whose cart: a signed-in customer's, or a visitor's (the id in their signed cookie). A bare
 * string is a customer's id, as the orders module names its buyer.
 */
export type CartOwner = { userId: string } | { visitorCartId: string };
type OwnerArg = CartOwner | string;

const ownerOf = (owner: OwnerArg): CartOwner =>
  typeof owner === 'string' ? { userId: owner } : owner;

/** The owner's lines: part, quantity and when each was added, oldest first. */
async function linesOf(db: DbOrTx, owner: CartOwner) {
  if ('userId' in owner) {
    return db
      .select({
        partId: cartLines.partId,
        quantity: cartLines.quantity,
        createdAt: cartLines.createdAt,
      })
      .from(cartLines)
      .where(eq(cartLines.userId, owner.userId))
      .orderBy(asc(cartLines.createdAt), asc(cartLines.partId));
  }
  return db
    .select({
      partId: visitorCartLines.partId,
      quantity: visitorCartLines.quantity,
      createdAt: visitorCartLines.createdAt,
    })
    .from(visitorCartLines)
    .where(eq(visitorCartLines.cartId, owner.visitorCartId))
    .orderBy(asc(visitorCartLines.createdAt), asc(visitorCartLines.partId));
}

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

export const EMPTY_CART: Cart = { lines: [], count: 0, total: 0 };

/**
 * The owner's cart, each line read with its part as it is now: the unit price for the line's
 * quantity (volume prices apply), the stock, and what keeps the line from being bought. A part
 * deleted for good takes its line with it (the foreign key). An unknown visitor's cart is empty.
 */
export async function readCart(db: DbOrTx, owner: OwnerArg): Promise<Cart> {
  return (await readCartAndParts(db, owner)).cart;
}

/** A part as the cart reads it (the parts module's row). */
type CartPart = Awaited<ReturnType<typeof partsByIds>>[number];

/**
 * The owner's cart (readCart) and the parts its lines were read with, by id: the checkout's
 * pricing reads their shipping weights from the same rows. `priceList`, when the caller has read
 * the buyer's company already (the checkout), is its price list (`id` null: none), so that the
 * membership is not read twice and the cart is priced by the list the order will carry.
 */
export async function readCartAndParts(
  db: DbOrTx,
  owner: OwnerArg,
  priceList?: { id: string | null },
): Promise<{ cart: Cart; parts: ReadonlyMap<string, CartPart> }> {
  const who = ownerOf(owner);
  const rows = await linesOf(db, who);
  const byId = new Map(
    (
      await partsByIds(
        db,
        rows.map((r) => r.partId),
      )
    ).map((p) => [p.id, p]),
  );
  // A company's member sees their company's prices (issue 49): the rule is the contract's.
  const rules =
    'userId' in who && rows.length > 0
      ? await companyRules(db, who.userId, [...byId.values()], priceList)
      : null;
  let totalCents = 0;
  let count = 0;
  const lines = rows.map((row) => {
    const part = byId.get(row.partId)!;
    const unit = companyUnitPriceCents(part, row.quantity, rules?.get(part.id) ?? null);
    totalCents += unit * row.quantity;
    count += row.quantity;
    return {
      partId: row.partId,
      sku: part.sku,
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
  return { cart: { lines, count, total: dollars(totalCents) }, parts: byId };
}

/**
 * The company price rules of the buyer's parts: by `priceList` when the caller knows it (`id`
 * null: the buyer has none), else by the buyer's company as it is now; null without a list.
 */
async function companyRules(
  db: DbOrTx,
  userId: string,
  toPrice: CartPart[],
  priceList: { id: string | null } | undefined,
) {
  if (!priceList) return (await buyerPriceRules(db, userId, toPrice))?.rules ?? null;
  return priceList.id === null ? null : priceRules(db, priceList.id, toPrice);
}

/**
 * Sets the quantity of a line (adding it when new: `addedAt`, when given, is when it was first
 * put in a cart, which orders the lines; else now).
 */
export async function setCartLine(
  db: DbOrTx,
  owner: OwnerArg,
  partId: string,
  quantity: number,
  addedAt?: Date,
) {
  const who = ownerOf(owner);
  if ('userId' in who) {
    await db
      .insert(cartLines)
      .values({ userId: who.userId, partId, quantity, createdAt: addedAt })
      .onConflictDoUpdate({
        target: [cartLines.userId, cartLines.partId],
        set: { quantity, updatedAt: new Date() },
      });
    return;
  }
  await db
    .insert(visitorCartLines)
    .values({ cartId: who.visitorCartId, partId, quantity, createdAt: addedAt })
    .onConflictDoUpdate({
      target: [visitorCartLines.cartId, visitorCartLines.partId],
      set: { quantity, updatedAt: new Date() },
    });
}

/** How many lines the owner's cart holds. */
export function cartLineCount(db: DbOrTx, owner: OwnerArg) {
  const who = ownerOf(owner);
  return 'userId' in who
    ? db.$count(cartLines, eq(cartLines.userId, who.userId))
    : db.$count(visitorCartLines, eq(visitorCartLines.cartId, who.visitorCartId));
}

/** Takes a line out of the cart; answers whether there was one. */
export async function removeCartLine(db: DbOrTx, owner: OwnerArg, partId: string) {
  const who = ownerOf(owner);
  const gone =
    'userId' in who
      ? await db
          .delete(cartLines)
          .where(and(eq(cartLines.userId, who.userId), eq(cartLines.partId, partId)))
          .returning({ partId: cartLines.partId })
      : await db
          .delete(visitorCartLines)
          .where(
            and(
              eq(visitorCartLines.cartId, who.visitorCartId),
              eq(visitorCartLines.partId, partId),
            ),
          )
          .returning({ partId: visitorCartLines.partId });
  return gone.length > 0;
}

/** A new, empty visitor's cart: its id (for the cookie). */
export async function createVisitorCart(db: DbOrTx): Promise<string> {
  const [cart] = await db.insert(visitorCarts).values({}).returning({ id: visitorCarts.id });
  return cart!.id;
}

/**
 * Marks a visitor's cart as used now (housekeeping keeps it VISITOR_CART_DAYS from here);
 * answers whether it still exists. Its row stays locked until the transaction ends, so a join at
 * sign-in or a purge waits for the change in progress.
 */
export async function touchVisitorCart(db: DbOrTx, id: string): Promise<boolean> {
  const touched = await db
    .update(visitorCarts)
    .set({ updatedAt: new Date() })
    .where(eq(visitorCarts.id, id))
    .returning({ id: visitorCarts.id });
  return touched.length > 0;
}

/**
 * Deletes a visitor's cart (its lines go with it) and answers the lines it held, oldest first;
 * none when it was already gone (a join from another tab got there first).
 */
export async function takeVisitorCart(db: DbOrTx, id: string) {
  // Locked first: of two sign-ins with the same cookie at once, the second finds nothing.
  const [cart] = await db
    .select({ id: visitorCarts.id })
    .from(visitorCarts)
    .where(eq(visitorCarts.id, id))
    .for('update');
  if (!cart) return [];
  const lines = await linesOf(db, { visitorCartId: id });
  await db.delete(visitorCarts).where(eq(visitorCarts.id, id));
  return lines;
}

/** Deletes at most `limit` visitors' carts untouched since `before` (housekeeping). */
export const purgeVisitorCarts = (db: DbOrTx, before: Date, limit: number) =>
  purgeBatch(db, visitorCarts, [visitorCarts.id], lt(visitorCarts.updatedAt, before)!, limit);
