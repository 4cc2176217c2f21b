import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { executePrepared, prepared, type PreparedStatement } from '../../db/prepared.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { readCart } from '../cart/repository.ts';
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
import { underUnpaidLimit } from './purchase-statement.ts';
import { underUnpaidValue } from './unpaid-value.ts';
import {
  applyBusinessTerms,
  approvalFor,
  companyBuyer,
  overCreditLimit,
  type BusinessCheckout,
} from './on-terms.ts';
import type { Placed, PlacingDeps } from './placing.ts';
import { tooManyUnpaid, unpaidCount, type UnpaidLimits } from './placing-limits.ts';

// Orders of several lines (placing.ts): the checkout of a cart, a company member's checkout, an
// accepted quote's order.

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
export class CheckoutRefused extends Error {}

/** Placing orders of several lines, over placing.ts's dependencies and unpaid-order limits. */
export function createLinesPlacing(deps: PlacingDeps, limits: UnpaidLimits) {
  const { db } = deps;
  const { maxUnpaid, maxValueCents, named, buyerValues, overValueLimit } = limits;

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

  /**
   * An order of several lines (a prepared statement of prepareLines), inside the caller's
   * transaction or, given `db`, as a transaction of its own: the order, or null when a line could
   * not be taken (the statement then changed nothing). `values` are the source's own values.
   */
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

  return { prepareLines, companyOrder, linesInTx, checkoutInTx, refusal };
}
