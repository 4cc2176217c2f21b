import { sql, type SQL } from 'drizzle-orm';
import { quantityMessage } from '@partsmith/contract';
import { centsPricing, toCents, unitPriceCents } from '@partsmith/contract/pricing';
import type { Db, DbOrTx } from '../../db/client.ts';
import { executePrepared, prepared, type PreparedStatement } from '../../db/prepared.ts';
import { orders } from '../../db/schema/orders.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { readCart } from '../cart/repository.ts';
import { createPartsRepository } from '../parts/repository.ts';
import { lockUser } from '../users/service.ts';
import { lockCompanyAccount } from '../companies/service.ts';
import {
  cartSource,
  companyCartSource,
  linesOrderStatement,
  moneyValues,
  type Buyer,
  type CheckoutInput,
  type LinesSource,
} from './checkout.ts';
import { priceCart, type CheckoutPreview, type Destination } from './pricing.ts';
import { underIdempotencyKey, type Answer } from './idempotency.ts';
import { placeOrderStatement, underUnpaidLimit } from './purchase-statement.ts';
import { openUnpaidOf, tooMuchUnpaid, underUnpaidValue, unpaidCents } from './unpaid-value.ts';
import {
  applyBusinessTerms,
  approvalFor,
  companyBuyer,
  overCreditLimit,
  type BusinessCheckout,
} from './on-terms.ts';

/** How many open (unpaid, unexpired) orders a buyer holds. */
async function unpaidCount(db: DbOrTx, userId: string): Promise<number> {
  return db.$count(orders, openUnpaidOf(userId));
}

/** The 409 of a purchase by a buyer who already holds MAX_UNPAID_ORDERS unpaid orders. */
export const tooManyUnpaid = (max: number) =>
  new HttpError(
    409,
    `You have ${max} unpaid order${max === 1 ? '' : 's'}: pay or delete one first.`,
    {},
    // A checkout's 409 names the lines it could not serve (CheckoutProblem): none here.
    { lines: [] },
  );

export interface PlaceOrderInput {
  partId: string;
  quantity: number;
  address: string;
  phone: string;
}

/**
 * The 409 of a checkout whose total is not the one the buyer saw (a price, a rate or a shipping
 * charge changed in between): nothing was placed; the new preview comes with it.
 */
export const totalChanged = (preview: CheckoutPreview) =>
  new HttpError(
    409,
    `The total of your order changed to $${preview.total.toFixed(2)} since you saw it (a price, a shipping charge or a tax rate changed). Check the new total and place the order again.`,
    {},
    { lines: [], preview },
  );

/** A checkout that could not take every line: its transaction is rolled back. */
class CheckoutRefused extends Error {}

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
  const maxUnpaid = deps.maxUnpaidOrders ?? 0;
  const maxValueCents = deps.maxUnpaidValueCents ?? 0;
  /** A statement's name, by the limits its text holds (each text is prepared once). */
  const named = (name: string, valueLimited: boolean) =>
    `${name}${maxUnpaid > 0 ? '_limited' : ''}${valueLimited ? '_valued' : ''}`;
  const placeOrder = prepared(
    db,
    named('partsmith_place_order', maxValueCents > 0),
    placeOrderStatement(maxUnpaid > 0, maxValueCents > 0),
  );
  const lockBuyer = Boolean(deps.lockBuyer) && (maxUnpaid > 0 || maxValueCents > 0);
  /** The values every order statement takes: the buyer and the unpaid limits. */
  const buyerValues = (buyer: Buyer) => ({
    // An exempt buyer's order is held to no count: the largest limit a statement can take.
    ...(maxUnpaid > 0 ? { maxUnpaid: buyer.unpaidCountExempt ? 2_147_483_647 : maxUnpaid } : {}),
    // Null: the buyer is exempt (underUnpaidValue); unused by a statement without the limit.
    ...(maxValueCents > 0
      ? { maxUnpaidCents: buyer.unpaidValueExempt ? null : maxValueCents }
      : {}),
    userId: buyer.id,
    email: buyer.email,
    userName: buyer.name,
  });

  /** MAX_UNPAID_VALUE's 409 for a new order of `orderCents`, or null (to explain a refusal). */
  async function overValueLimit(tx: DbOrTx, buyer: Buyer, orderCents: number) {
    if (maxValueCents === 0 || buyer.unpaidValueExempt) return null;
    return tooMuchUnpaid(maxValueCents, await unpaidCents(tx, buyer.id), orderCents);
  }

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

  /**
   * An order of several lines from `source` (see linesOrderStatement), its text built once with
   * placeholders and kept prepared under `name` as the purchase's is (decision 037): the buyer,
   * the order's money and destination (moneyValues), the unpaid-order limit, and the source's
   * own (`quoteId`).
   */
  function prepareLines(name: string, source: LinesSource): PreparedStatement {
    const countLimit = underUnpaidLimit(maxUnpaid > 0);
    // The owner priced a quote's lines (and saw its size): its order is not held to the value.
    const valueLimited = maxValueCents > 0 && (!source.quoted || Boolean(source.keepValueLimit));
    const underLimit = (orderCents: SQL) =>
      sql`${countLimit} ${valueLimited ? underUnpaidValue(orderCents) : sql``}`;
    return prepared(
      db,
      named(name, valueLimited),
      linesOrderStatement(source, {
        userId: sql.placeholder('userId'),
        email: sql.placeholder('email'),
        userName: sql.placeholder('userName'),
        underLimit,
        // PGlite runs one transaction at a time: no lock is needed there.
        lockParts: Boolean(deps.lockBuyer),
      }),
    );
  }
  const checkoutStatement = prepareLines(
    'partsmith_checkout',
    cartSource(sql`${sql.placeholder('userId')}`, Boolean(deps.lockBuyer)),
  );
  /** The checkout of a company's member whose company buys on a price list (issue 49). */
  const companyCheckoutStatement = prepareLines(
    'partsmith_checkout_company',
    companyCartSource(sql`${sql.placeholder('userId')}`, Boolean(deps.lockBuyer)),
  );

  /**
   * An order of several lines (a prepared statement of prepareLines), inside the caller's
   * transaction or, given `db`, as a transaction of its own: the order, or null when a line could
   * not be taken (the statement then changed nothing). `values` are the source's own values.
   */
  /**
   * A company's order (issue 49), before its statement: on terms, the company's orders on terms
   * take turns behind the company's row (PostgreSQL) and the credit limit is checked against
   * what the one before left (409). Gives the approval the total asks for.
   */
  async function companyOrder(tx: DbOrTx, business: BusinessCheckout, totalCents: number) {
    if (business.payment === 'invoice') {
      if (deps.lockBuyer) await lockCompanyAccount(tx, business.companyId);
      const over = await overCreditLimit(tx, business, totalCents);
      if (over) throw over;
    }
    return approvalFor(business, totalCents);
  }

  async function linesInTx(
    tx: DbOrTx,
    statement: PreparedStatement,
    values: Record<string, unknown>,
    input: CheckoutInput,
    buyer: Buyer,
    business?: BusinessCheckout,
  ): Promise<Placed | null> {
    // A company's order on terms or awaiting approval: its credit limit and approval govern it
    // instead of the unpaid-order limits.
    const approval = business ? await companyOrder(tx, business, input.totalCents) : null;
    const who = business ? companyBuyer(buyer, business, approval) : buyer;
    // A buyer's orders of several lines take turns (an accepted quote and the unpaid-order
    // limit), and the statement, begun once the buyer is locked, reads their orders as the one
    // before left them. The statement locks the parts itself (lockParts). PGlite runs one
    // transaction at a time, so no lock is needed there; nor on `db` itself, outside a
    // transaction, where the lock would end with its own statement (the checkout runs there only
    // when no unpaid-order limit asks for the buyer's lock).
    if (deps.lockBuyer && tx !== db) await lockUser(tx, buyer.id);
    const result = await executePrepared(tx, statement, {
      ...values,
      ...buyerValues(who),
      ...moneyValues(input),
    });
    const [row] = result.rows;
    if (!row) return null;
    if (business) await applyBusinessTerms(tx, String(row.id), business, approval);
    return { id: String(row.id), lowStockCrossed: row.low_stock_crossed === true };
  }

  /**
   * The checkout of the buyer's cart, inside the caller's transaction, or as a transaction of
   * its own when `tx` is `db` (the statement is whole on its own; the cart's lines are locked by
   * it on PostgreSQL, so two checkouts of one cart take turns there).
   */
  async function checkoutInTx(
    tx: DbOrTx,
    input: CheckoutInput,
    buyer: Buyer,
    check: () => void,
    priceListId: string | null = null,
  ): Promise<Placed> {
    // Inside the transaction (and an idempotency key's): a replayed checkout is answered as it
    // was, whatever the cart and the prices are now.
    check();
    const order = priceListId
      ? await linesInTx(tx, companyCheckoutStatement, { priceListId }, input, buyer)
      : await linesInTx(tx, checkoutStatement, {}, input, buyer);
    // Nothing was taken; the refusal is explained after the transaction.
    if (!order) throw new CheckoutRefused();
    return order;
  }

  /**
   * Why the buyer's cart could not be checked out (read after the rollback), as the 4xx: priced
   * at `totalCents` when it was tried.
   */
  async function refusal(buyer: Buyer, to: Destination, totalCents: number): Promise<HttpError> {
    const cart = await readCart(db, buyer.id);
    if (cart.lines.length === 0) return new HttpError(422, 'Your cart is empty.');
    if (maxUnpaid > 0 && !buyer.unpaidCountExempt && (await unpaidCount(db, buyer.id)) >= maxUnpaid)
      return tooManyUnpaid(maxUnpaid);
    const failing = cart.lines.filter((line) => line.problem !== null);
    if (failing.length === 0) {
      const now = await priceCart(db, buyer.id, to);
      if (now.priced.totalCents !== totalCents) return totalChanged(now.preview);
      const tooMuch = await overValueLimit(db, buyer, now.priced.totalCents);
      if (tooMuch) return tooMuch;
    }
    return new HttpError(
      409,
      failing.length > 0
        ? `Some parts in your cart cannot be bought as they are: ${failing
            .map((line) => line.name)
            .join(', ')}. Nothing was ordered.`
        : 'Someone bought the last units just now: not enough stock left for your cart. Nothing was ordered.',
      {},
      {
        lines: failing.map((line) => ({
          partId: line.partId,
          name: line.name,
          problem: line.problem!,
        })),
      },
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
      idempotencyKey?: string,
      business?: BusinessCheckout,
    ): Promise<Answer> {
      const to = { addressId: body.addressId, shippingMethod: body.shippingMethod };
      const { preview, priced } = await priceCart(db, buyer.id, to);
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
