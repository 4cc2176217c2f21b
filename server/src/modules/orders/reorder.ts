import { eq } from 'drizzle-orm';
import { MAX_CART_LINES, type ReorderAnswer } from '@partsmith/contract';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { cartLineCount, readCart } from '../cart/repository.ts';
import { createCartService } from '../cart/service.ts';
import { partsByIds } from '../parts/repository.ts';
import { linesOfOrders } from './reading.ts';

/** What one line of the order asks for: a part (null once deleted for good) and its units. */
interface Wanted {
  partId: string | null;
  name: string;
  quantity: number;
}

/**
 * "Order again": an order's lines put in its owner's cart at today's prices (a cart is priced
 * when it is read). Each line goes through the cart service's own setLine, so the cart's rules
 * hold as they do for a line the buyer adds: a listed part, its minimum order, its stock,
 * MAX_CART_LINES.
 */
export function createOrderReorder(deps: { db: Db }) {
  const { db } = deps;
  const cart = createCartService(db);

  return {
    /**
     * Adds each line's quantity to what the cart holds of its part, cut to the stock (or raised
     * to the part's minimum order, when that rose since). A line that cannot go in is skipped
     * with its reason: the part left the catalogue, none can be added (out of stock, or the cart
     * holds all there is), or the cart holds MAX_CART_LINES other parts. Only the order's owner
     * may: anyone else, an admin too, gets the 404 of a missing order.
     */
    async reorder(id: string, buyer: { id: string }): Promise<ReorderAnswer> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id));
      if (!row || row.userId !== buyer.id) throw notFound('We could not find that order.');
      const lines = (await linesOfOrders(db, [id])).get(id) ?? [];
      // An order's lines name each part once; the merge keeps a repeated part one cart line.
      const wanted: Wanted[] = [];
      const byPart = new Map<string, Wanted>();
      for (const line of lines.length > 0 ? lines : [row]) {
        const known = line.partId ? byPart.get(line.partId) : undefined;
        if (known) known.quantity += line.quantity;
        else {
          const entry = { partId: line.partId, name: line.name, quantity: line.quantity };
          wanted.push(entry);
          if (line.partId) byPart.set(line.partId, entry);
        }
      }

      const [current, found] = await Promise.all([
        readCart(db, buyer.id),
        partsByIds(db, [...byPart.keys()]),
      ]);
      const parts = new Map(found.map((part) => [part.id, part]));
      const inCart = new Map(current.lines.map((line) => [line.partId, line.quantity]));
      let cartLines = current.lines.length;
      const answer: ReorderAnswer = { added: [], skipped: [] };
      const skip = (line: Wanted, reason: ReorderAnswer['skipped'][number]['reason']) =>
        answer.skipped.push({ partId: line.partId, name: line.name, reason });

      for (const line of wanted) {
        const part = line.partId ? parts.get(line.partId) : undefined;
        if (!line.partId || !part || part.deletedAt) {
          skip(line, 'deleted');
          continue;
        }
        const had = inCart.get(line.partId) ?? 0;
        const quantity = Math.min(
          Math.max(had + line.quantity, part.minOrderQuantity),
          part.availableQuantity,
        );
        if (part.availableQuantity < part.minOrderQuantity || quantity <= had) {
          skip(line, 'out_of_stock');
          continue;
        }
        if (had === 0 && cartLines >= MAX_CART_LINES) {
          skip(line, 'cart_full');
          continue;
        }
        try {
          await cart.setLine({ userId: buyer.id }, line.partId, quantity);
        } catch (err) {
          if (!(err instanceof HttpError)) throw err;
          // The part or the cart changed since they were read (a purchase, another tab).
          if (err.statusCode === 404) skip(line, 'deleted');
          else if (had === 0 && (await cartLineCount(db, buyer.id)) >= MAX_CART_LINES)
            skip(line, 'cart_full');
          else skip(line, 'out_of_stock');
          continue;
        }
        if (had === 0) cartLines++;
        answer.added.push({ partId: line.partId, name: part.name, quantity: quantity - had });
      }
      return answer;
    },
  };
}
