import { quantityMessage } from '@partsmith/contract';
import { centsPricing, toCents, unitPriceCents } from '@partsmith/contract/pricing';
import type { Db, DbOrTx } from '../../db/client.ts';
import { executePrepared, prepared } from '../../db/prepared.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { createPartsRepository } from '../parts/repository.ts';
import { lockUser } from '../users/service.ts';
import type { Buyer, CheckoutInput } from './checkout.ts';
import { priceCart, type Destination } from './pricing.ts';
import { underIdempotencyKey, type Answer } from './idempotency.ts';
import { placeOrderStatement } from './purchase-statement.ts';
import {
  applyBusinessTerms,
  approvalFor,
  companyBuyer,
  type BusinessCheckout,
} from './on-terms.ts';
import { CheckoutRefused, createLinesPlacing, totalChanged } from './placing-lines.ts';
import { tooManyUnpaid, unpaidCount, unpaidLimits } from './placing-limits.ts';

export interface PlaceOrderInput {
  partId: string;
  quantity: number;
  address: string;
  phone: string;
}

/** A committed order's id, and whether it took a part below its low-stock threshold. */
export interface Placed {
  id: string;
  lowStockCrossed: boolean;
}

export interface PlacingDeps {
  db: Db;
  /** Told after a purchase committed a new order (not when an idempotent retry replays one). */
  orderPlaced?: () => void;
  /** Told after a purchase committed its confirmation mail to `order_mails`. */
  mailQueued?: () => void;
  /** Told after a purchase committed a low-stock mail (it took the part below its threshold). */
  lowStockMailQueued?: () => void;
  /** Called right after a commit that changed the catalogue (stock), before anyone is answered. */
  catalogueChanged?: () => void;
  /** MAX_UNPAID_ORDERS: how many unpaid orders one buyer may hold (0: no limit). */
  maxUnpaidOrders?: number;
  /** MAX_UNPAID_VALUE in cents: what one buyer's unpaid orders may hold together (0: no limit). */
  maxUnpaidValueCents?: number;
  /**
   * PostgreSQL serves one buyer's purchases side by side: their row in `users` is locked first,
   * so that two purchases at once cannot both see room under the unpaid-order limits. PGlite runs
   * one statement at a time, so the one statement is enough there.
   */
  lockBuyer?: boolean;
}

/** Placing orders: a purchase of one part, a checkout of the cart, an accepted quote's order. */
export function createOrderPlacing(deps: PlacingDeps) {
  const catalogueChanged = () => deps.catalogueChanged?.();
  const { db } = deps;
  // The unpaid-order limits (placing-limits.ts) and the orders of several lines (placing-lines.ts).
  const limits = unpaidLimits(deps);
  const { maxUnpaid, maxValueCents, named, lockBuyer, buyerValues, overValueLimit } = limits;
  const placeOrder = prepared(
    db,
    named('partsmith_place_order', maxValueCents > 0),
    placeOrderStatement(maxUnpaid > 0, maxValueCents > 0),
  );
  const { prepareLines, companyOrder, linesInTx, checkoutInTx, refusal } = createLinesPlacing(
    deps,
    limits,
  );

  /**
   * The stock taken and the order written in one statement (a data-modifying CTE): the rules in
   * the UPDATE's WHERE clause make the check and the decrement one step, and the INSERT reads the
   * row it returned, so whatever runs beside it, stock never goes below zero (the CHECK
   * constraint stands behind it) and no stock is taken without its order. The order's
   * confirmation mail is queued in `order_mails` by the same statement (sent in the background).
   * One round trip when it succeeds; only a refusal reads the part to say why.
   */
  async function placeInTx(tx: DbOrTx, input: PlaceOrderInput, buyer: Buyer): Promise<Placed> {
    if (lockBuyer) await lockUser(tx, buyer.id);
    const result = await executePrepared(tx, placeOrder, {
      ...buyerValues(buyer),
      address: input.address,
      phone: input.phone,
      quantity: input.quantity,
      partId: input.partId,
    });
    const [row] = result.rows;
    if (row) return { id: String(row.id), lowStockCrossed: row.low_stock_crossed === true };
    const current = await createPartsRepository(tx).findListed(input.partId);
    if (!current) throw notFound('This part is not in our catalogue any more.');
    if (maxUnpaid > 0 && (await unpaidCount(tx, buyer.id)) >= maxUnpaid)
      throw tooManyUnpaid(maxUnpaid);
    if (input.quantity < current.minOrderQuantity || input.quantity > current.availableQuantity) {
      throw new HttpError(
        422,
        quantityMessage(current.minOrderQuantity, current.availableQuantity),
      );
    }
    const tooMuch = await overValueLimit(
      tx,
      buyer,
      unitPriceCents(centsPricing(current), input.quantity) * input.quantity,
    );
    if (tooMuch) throw tooMuch;
    throw new HttpError(
      409,
      'Someone bought the last units just now: not enough stock left for this quantity.',
    );
  }

  /** What a committed purchase or checkout tells, and answers. */
  function placed(order: Placed): Answer {
    catalogueChanged();
    deps.orderPlaced?.();
    deps.mailQueued?.();
    if (order.lowStockCrossed) deps.lowStockMailQueued?.();
    return { statusCode: 200, body: { acknowledged: true, insertedId: order.id } };
  }

  /** Runs `place` under an idempotency key (underIdempotencyKey), then tells and answers. */
  async function idempotent(
    buyer: Buyer,
    idempotencyKey: string,
    input: unknown,
    what: 'purchase' | 'checkout',
    place: (tx: DbOrTx) => Promise<Placed>,
  ): Promise<Answer> {
    const result = await underIdempotencyKey(db, buyer.id, idempotencyKey, input, what, place);
    return 'order' in result ? placed(result.order) : result.answer;
  }

  return {
    /**
     * An order of the lines a statement of prepareLines gives (an accepted quote's), inside the
     * caller's transaction: every line's stock taken or none. Null when a line could not be taken
     * (nothing was): the caller rolls its own steps back and says why. After the commit, the
     * caller calls `announce` with it.
     */
    placeLinesInTx: linesInTx,

    /** An order-of-lines statement, prepared once: for placeLinesInTx. */
    prepareLines,

    /** What a committed order placed by placeLinesInTx tells (metrics, mails, the catalogue). */
    announce(order: Placed): void {
      placed(order);
    },

    /**
     * The checkout's own statement for a cart already priced (pricing.ts), without an
     * idempotency key: what `checkout` sends once the price is known. The bench sends it bare as
     * the checkout figure's reference (bench/lib/statements.mjs).
     */
    async placePriced(priced: CheckoutInput, buyer: Buyer): Promise<Answer> {
      const none = () => {};
      return placed(
        lockBuyer
          ? await db.transaction((tx) => checkoutInTx(tx, priced, buyer, none))
          : await checkoutInTx(db, priced, buyer, none),
      );
    },

    /** The 409 of a total that changed since the buyer saw it (an accepted quote's too). */
    totalChanged,

    /** MAX_UNPAID_ORDERS, and its 409, for callers that place orders of their own. */
    tooManyUnpaid: async (tx: DbOrTx, buyerId: string) =>
      maxUnpaid > 0 && (await unpaidCount(tx, buyerId)) >= maxUnpaid
        ? tooManyUnpaid(maxUnpaid)
        : null,

    /**
     * Places an order: checks the rules and takes the stock in one transaction. With an
     * idempotency key, the same key (for the same buyer and body) makes one order and answers the
     * same every time; the key is stored in the same transaction as the order.
     */
    async place(input: PlaceOrderInput, buyer: Buyer, idempotencyKey?: string): Promise<Answer> {
      // Without a key, one statement is its own transaction: no BEGIN/COMMIT round trips.
      if (!idempotencyKey) {
        return placed(
          lockBuyer
            ? await db.transaction((tx) => placeInTx(tx, input, buyer))
            : await placeInTx(db, input, buyer),
        );
      }
      return idempotent(buyer, idempotencyKey, input, 'purchase', (tx) =>
        placeInTx(tx, input, buyer),
      );
    },

    /**
     * Checks out the buyer's cart: one order with a line per part, every line's stock taken in
     * one transaction or none (a 409 names the lines that cannot be served), the cart emptied in
     * the same transaction. The Idempotency-Key rule of the purchase applies.
     */
    async checkout(
      body: Destination & { expectedTotal?: number | undefined },
      buyer: Buyer,
      idempotencyKey: string | undefined,
      business: BusinessCheckout | null,
    ): Promise<Answer> {
      const to = { addressId: body.addressId, shippingMethod: body.shippingMethod };
      // Priced by the company's list the order carries (none for a buyer of no company).
      const { preview, priced } = await priceCart(db, buyer.id, to, {
        id: business?.priceListId ?? null,
      });
      const check = () => {
        if (preview.lines.length > 0 && !preview.shippable)
          throw new HttpError(422, preview.problem!, {}, { lines: [], preview });
        if (body.expectedTotal !== undefined && toCents(body.expectedTotal) !== priced.totalCents)
          throw totalChanged(preview);
      };
      // A company's order (issue 49): on terms or above the buyer's spending limit, the credit
      // limit and the approval govern it instead of the unpaid-order limits; its company's
      // orders on terms take turns behind the company's row (PostgreSQL), so the credit limit is
      // checked against what the one before left.
      // Priced once: the spending limit is held against the total the buyer is charged.
      const approval = business ? approvalFor(business, priced.totalCents) : null;
      const who = business ? companyBuyer(buyer, business, approval) : buyer;
      const inTx = async (tx: DbOrTx) => {
        if (business) await companyOrder(tx, business, priced.totalCents);
        const order = await checkoutInTx(tx, priced, who, check, business?.priceListId ?? null);
        if (business) await applyBusinessTerms(tx, order.id, business, approval);
        return order;
      };
      try {
        // Without a key, one statement is its own transaction (no BEGIN/COMMIT round trips, and
        // the parts stay locked for the statement alone), unless the unpaid-order limit needs the
        // buyer locked first (lockBuyer), as for the purchase, or a company's order has more to
        // write.
        if (!idempotencyKey)
          return placed(
            lockBuyer || business
              ? await db.transaction((tx) => inTx(tx))
              : await checkoutInTx(db, priced, who, check),
          );
        return await idempotent(buyer, idempotencyKey, body, 'checkout', inTx);
      } catch (err) {
        if (err instanceof CheckoutRefused) throw await refusal(who, to, priced.totalCents);
        throw err;
      }
    },
  };
}
