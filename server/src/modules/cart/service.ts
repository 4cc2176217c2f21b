import { MAX_CART_LINES, quantityMessage, type Cart } from '@partsmith/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { createPartsRepository, partsByIds } from '../parts/repository.ts';
import {
  cartLineCount,
  createVisitorCart,
  EMPTY_CART,
  readCart,
  removeCartLine,
  setCartLine,
  takeVisitorCart,
  touchVisitorCart,
  type CartOwner,
} from './repository.ts';

export type { CartOwner } from './repository.ts';

const TOO_MANY_LINES = `A cart holds at most ${MAX_CART_LINES} different parts: check out or remove some first.`;

/** A part as the cart reads it (the parts module's row). */
type CartPart = Awaited<ReturnType<typeof partsByIds>>[number];

/**
 * Why `total` units of the part (`had` of them in the cart already) cannot be in the cart, in
 * the quick order's short words, or null when they can.
 */
function additionProblem(part: CartPart, had: number, total: number): string | null {
  if (part.deletedAt) return 'This part is not in our catalogue any more.';
  if (part.availableQuantity < part.minOrderQuantity) return 'This part is out of stock.';
  if (total < part.minOrderQuantity) return `The minimum order is ${part.minOrderQuantity}.`;
  if (total > part.availableQuantity)
    return had > 0
      ? `Only ${part.availableQuantity} in stock, and your cart already holds ${had}.`
      : `Only ${part.availableQuantity} in stock.`;
  return null;
}

/**
 * A change's answer: the whole cart, and the id of the visitor's cart it changed (made by it, or
 * the cookie's), for the cookie to name it again from now on; null for a customer's cart.
 */
export interface CartChange {
  cart: Cart;
  visitorCartId: string | null;
}

/**
 * A cart, a customer's or a visitor's, under the same rules; every change answers the whole
 * cart. `owner` null: a visitor without a cart (no cookie, or one that is forged or names a cart
 * that is gone).
 */
export function createCartService(db: Db) {
  /**
   * The owner whose cart a write changes, made ready in `tx`: a customer as they are; a
   * visitor's cart touched (kept VISITOR_CART_DAYS from now), or made when there is none.
   */
  async function writer(tx: DbOrTx, owner: CartOwner | null) {
    if (owner && 'userId' in owner) return { owner, visitorCartId: null };
    if (owner && (await touchVisitorCart(tx, owner.visitorCartId)))
      return { owner, visitorCartId: owner.visitorCartId };
    const id = await createVisitorCart(tx);
    return { owner: { visitorCartId: id }, visitorCartId: id };
  }

  return {
    read: (owner: CartOwner | null): Promise<Cart> =>
      owner ? readCart(db, owner) : Promise.resolve(EMPTY_CART),

    /**
     * Puts a listed part in the cart or changes its quantity there: within the part's minimum
     * order and its stock, and at most MAX_CART_LINES different parts. A visitor's first change
     * makes their cart (and nothing is made for a change that is refused).
     */
    async setLine(owner: CartOwner | null, partId: string, quantity: number): Promise<CartChange> {
      const part = await createPartsRepository(db).findListed(partId);
      if (!part) throw notFound('This part is not in our catalogue any more.');
      if (quantity < part.minOrderQuantity || quantity > part.availableQuantity)
        throw new HttpError(422, quantityMessage(part.minOrderQuantity, part.availableQuantity));
      const changed = await db.transaction(async (tx) => {
        const ready = await writer(tx, owner);
        await setCartLine(tx, ready.owner, partId, quantity);
        if ((await cartLineCount(tx, ready.owner)) > MAX_CART_LINES)
          throw new HttpError(422, TOO_MANY_LINES);
        return ready;
      });
      return { cart: await readCart(db, changed.owner), visitorCartId: changed.visitorCartId };
    },

    /**
     * Adds several parts at once (the quick order, quick-order.ts): each quantity joins what the
     * cart already holds of its part, under setLine's rules for the sum (the part listed, at
     * least its minimum order, at most its stock) and at most MAX_CART_LINES different parts.
     * Not all or nothing: answers, for each addition in its order, null when it was added or why
     * it was not. A visitor's cart is made only when something is added.
     */
    async addLines(
      owner: CartOwner | null,
      additions: { part: CartPart; quantity: number }[],
    ): Promise<{ refused: (string | null)[]; visitorCartId: string | null }> {
      return db.transaction(async (tx) => {
        const held = new Map(
          owner ? (await readCart(tx, owner)).lines.map((l) => [l.partId, l.quantity]) : [],
        );
        let count = held.size;
        const accepted: { partId: string; quantity: number }[] = [];
        const refused = additions.map(({ part, quantity }) => {
          const had = held.get(part.id) ?? 0;
          const total = had + quantity;
          const problem = additionProblem(part, had, total);
          if (problem) return problem;
          if (had === 0 && count >= MAX_CART_LINES) return TOO_MANY_LINES;
          if (had === 0) count += 1;
          held.set(part.id, total);
          accepted.push({ partId: part.id, quantity: total });
          return null;
        });
        if (accepted.length === 0) return { refused, visitorCartId: null };
        const ready = await writer(tx, owner);
        for (const line of accepted) await setCartLine(tx, ready.owner, line.partId, line.quantity);
        // A change beside this one may have filled the cart meanwhile: then nothing is added.
        if ((await cartLineCount(tx, ready.owner)) > MAX_CART_LINES)
          throw new HttpError(422, TOO_MANY_LINES);
        return { refused, visitorCartId: ready.visitorCartId };
      });
    },

    /** Takes a part out of the cart; a visitor without a cart has nothing to take out. */
    async removeLine(owner: CartOwner | null, partId: string): Promise<CartChange> {
      const none = { cart: EMPTY_CART, visitorCartId: null };
      if (!owner) return none;
      const visitorCartId = 'visitorCartId' in owner ? owner.visitorCartId : null;
      const found = await db.transaction(async (tx) => {
        if (visitorCartId && !(await touchVisitorCart(tx, visitorCartId))) return false;
        await removeCartLine(tx, owner, partId);
        return true;
      });
      return found ? { cart: await readCart(db, owner), visitorCartId } : none;
    },

    /**
     * At sign-in or sign-up: the visitor's lines join the customer's cart and the visitor's cart
     * is deleted. A part already there gets the two quantities added; each line is held to the
     * part's rules as they are now (at most its stock, at least its minimum order); a part
     * removed from the catalogue or out of stock is left out, and so are new parts beyond
     * MAX_CART_LINES. Answers how many of the visitor's lines joined.
     */
    async join(visitorCartId: string, userId: string): Promise<number> {
      return db.transaction(async (tx) => {
        const lines = await takeVisitorCart(tx, visitorCartId);
        if (lines.length === 0) return 0;
        const account = new Map(
          (await readCart(tx, { userId })).lines.map((l) => [l.partId, l.quantity]),
        );
        const parts = new Map(
          (
            await partsByIds(
              tx,
              lines.map((l) => l.partId),
            )
          ).map((p) => [p.id, p]),
        );
        let count = account.size;
        let joined = 0;
        for (const line of lines) {
          const part = parts.get(line.partId);
          if (!part || part.deletedAt || part.availableQuantity < part.minOrderQuantity) continue;
          const had = account.get(line.partId);
          if (had === undefined && count >= MAX_CART_LINES) continue;
          const quantity = Math.max(
            part.minOrderQuantity,
            Math.min((had ?? 0) + line.quantity, part.availableQuantity),
          );
          // Dated when the visitor added it (keeping their order): within one transaction,
          // now() is the same for every line.
          await setCartLine(tx, { userId }, line.partId, quantity, line.createdAt);
          if (had === undefined) count += 1;
          joined += 1;
        }
        return joined;
      });
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
