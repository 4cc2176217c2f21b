import { MAX_CART_LINES, quantityMessage, type Cart } from '@partsmith/contract';
import type { Db } from '../../db/client.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { createPartsRepository } from '../parts/repository.ts';
import { cartLineCount, readCart, removeCartLine, setCartLine } from './repository.ts';

/** A signed-in customer's cart; every change answers the whole cart. */
export function createCartService(db: Db) {
  return {
    /** The user's cart; empty for a visitor (their cart is kept by the browser). */
    read: (userId: string | undefined): Promise<Cart> =>
      userId ? readCart(db, userId) : Promise.resolve({ lines: [], count: 0, total: 0 }),

    /**
     * Puts a listed part in the cart or changes its quantity there: within the part's minimum
     * order and its stock, and at most MAX_CART_LINES different parts.
     */
    async setLine(userId: string, partId: string, quantity: number): Promise<Cart> {
      const part = await createPartsRepository(db).findListed(partId);
      if (!part) throw notFound('This part is not in our catalogue any more.');
      if (quantity < part.minOrderQuantity || quantity > part.availableQuantity)
        throw new HttpError(422, quantityMessage(part.minOrderQuantity, part.availableQuantity));
      await db.transaction(async (tx) => {
        await setCartLine(tx, userId, partId, quantity);
        if ((await cartLineCount(tx, userId)) > MAX_CART_LINES) {
          throw new HttpError(
            422,
            `A cart holds at most ${MAX_CART_LINES} different parts: check out or remove some first.`,
          );
        }
      });
      return readCart(db, userId);
    },

    async removeLine(userId: string, partId: string): Promise<Cart> {
      await removeCartLine(db, userId, partId);
      return readCart(db, userId);
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
