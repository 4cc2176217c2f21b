import { createHash } from 'node:crypto';
import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { quantityMessage, type Order as OrderSchema } from '@partsmith/contract';
import { centsPricing, toCents, unitPriceCents } from '@partsmith/contract/pricing';
import type { Db, DbOrTx } from '../../db/client.ts';
import { executePrepared, prepared, type PreparedStatement } from '../../db/prepared.ts';
import { pageLimit } from '../../db/page-limit.ts';
import {
  idempotencyKeys,
  orderLines,
  orderMails,
  orders,
  type OrderLineRow,
  type OrderRow,
} from '../../db/schema/orders.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { recordAudit } from '../audit/service.ts';
import { queueLowStockMailsFrom } from '../insights/low-stock.ts';
import { createPartsRepository } from '../parts/repository.ts';
import { restock, takeStockStatement, unitPriceCentsSql } from '../parts/stock.ts';
import { readCart } from '../cart/repository.ts';
import {
  cartSource,
  linesOrderStatement,
  type Buyer,
  type CheckoutInput,
  type LinesSource,
} from './checkout.ts';

export type { Buyer, CheckoutInput };
import type { PaymentProvider } from '../payments/provider.ts';
import { cancelOpenPayments, markPaymentRefunded, orderTotalCents } from '../payments/service.ts';
import { takeDocumentNumber } from './repository.ts';
import { lockUser } from '../users/service.ts';
import { openUnpaidOf, tooMuchUnpaid, underUnpaidValue, unpaidCents } from './unpaid-value.ts';

/** An order as the API answers it (every field present). */
export type Order = z.output<typeof OrderSchema>;

/** Puts every line of an order back in stock (inside the caller's transaction). */
export async function restockOrder(tx: DbOrTx, orderId: string) {
  // In the order of the parts' ids, as a checkout locks them.
  const lines = await tx
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(orderLines.partId);
  for (const line of lines) await restock(tx, line);
}

/** How many open (unpaid, unexpired) orders a buyer holds. */
async function unpaidCount(db: DbOrTx, userId: string): Promise<number> {
  return db.$count(orders, openUnpaidOf(userId));
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** An order line for the API (money in dollars). */
export const toApiLine = (line: OrderLineRow) => ({
  partId: line.partId,
  name: line.name,
  image: line.image,
  price: line.unitPriceCents / 100,
  quantity: line.quantity,
  total: (line.unitPriceCents * line.quantity) / 100,
});

/**
 * An order for the API; `ttlMs` (UNPAID_ORDER_TTL) gives an open unpaid order its `expiresAt`.
 * An order of several lines carries them (`lines`, read by linesOfOrders); one of one line reads
 * as the spec's order.
 */
export function toApiOrder(row: OrderRow, ttlMs?: number, lines?: OrderLineRow[]): Order {
  return {
    _id: row.id,
    partId: row.partId,
    name: row.name,
    image: row.image,
    description: row.description,
    price: row.unitPriceCents / 100,
    quantity: row.quantity,
    total: orderTotalCents(row) / 100,
    userEmail: row.userEmail,
    userName: row.userName,
    address: row.address,
    phone: row.phone,
    availableQuantity: row.stockAfter,
    paid: row.paid,
    expired: row.expiredAt !== null,
    expiresAt:
      ttlMs && !row.paid && row.expiredAt === null
        ? new Date(row.createdAt.getTime() + ttlMs).toISOString()
        : null,
    transactionId: row.transactionId,
    status: row.shippedAt ? 'shipped' : null,
    createdAt: row.createdAt.toISOString(),
    ...(row.lineCount > 1 && lines ? { lines: lines.map(toApiLine) } : {}),
    paidAt: iso(row.paidAt),
    shippedAt: iso(row.shippedAt),
    refundedAt: iso(row.refundedAt),
    expiredAt: iso(row.expiredAt),
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    invoiceNumber: row.invoiceNumber,
    creditNoteNumber: row.creditNoteNumber,
  };
}

/** The lines of these orders, in order, by order id (one query, whatever their number). */
export async function linesOfOrders(
  db: DbOrTx,
  orderIds: string[],
): Promise<Map<string, OrderLineRow[]>> {
  const byOrder = new Map<string, OrderLineRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderLines)
    .where(sql`${orderLines.orderId} = any(${sql.param(orderIds)})`)
    .orderBy(orderLines.orderId, orderLines.position);
  for (const row of rows) {
    const list = byOrder.get(row.orderId);
    if (list) list.push(row);
    else byOrder.set(row.orderId, [row]);
  }
  return byOrder;
}

/**
 * The unpaid-order limit as a condition of a statement that takes stock (placeholders `userId`,
 * `maxUnpaid`): the buyer holds fewer than `maxUnpaid` open unpaid orders, counted up to the
 * limit on the partial index of open unpaid orders. Nothing when there is no limit.
 */
function underUnpaidLimit(limited: boolean): SQL {
  return limited
    ? sql`and (select count(*) from (select 1 from ${orders} o
                 where o.user_id = ${sql.placeholder('userId')} and not o.paid
                   and o.expired_at is null
                 limit ${sql.placeholder('maxUnpaid')}) open_orders) < ${sql.placeholder('maxUnpaid')}`
    : sql``;
}

/**
 * The purchase (see placeInTx): the stock taken and the order written in one statement, with
 * placeholders so that it is built once and kept prepared under a name (decision 029). With a
 * limit on unpaid orders, the stock is taken only while the buyer holds fewer than `maxUnpaid`
 * (counted up to the limit, on the partial index of open unpaid orders); with a limit on their
 * value, only while they and this order come to at most `maxUnpaidCents` (underUnpaidValue).
 * It answers only what placeInTx reads, the order's id and whether it crossed the part's
 * low-stock threshold: the whole new order row (some 30 columns) cost the server a row
 * description and every value to parse on every purchase (decision 055).
 */
function placeOrderStatement(limitUnpaid: boolean, limitValue: boolean) {
  const quantity = sql.placeholder('quantity');
  const underLimit = sql`${underUnpaidLimit(limitUnpaid)} ${
    limitValue ? underUnpaidValue(sql`${unitPriceCentsSql(quantity)}::bigint * ${quantity}`) : sql``
  }`;
  // The parts module writes the stock half; this statement only composes it.
  const taken = takeStockStatement({
    partId: sql.placeholder('partId'),
    quantity,
    also: underLimit,
  });
  return sql`
  with taken as (${taken})
  , placed as (
    insert into ${orders} (user_id, part_id, name, image, description, unit_price_cents,
                           quantity, total_cents, user_email, user_name, address, phone,
                           stock_after)
    select ${sql.placeholder('userId')}, id, name, image, description, unit_price_cents,
           ${sql.placeholder('quantity')},
           unit_price_cents::bigint * ${sql.placeholder('quantity')},
           ${sql.placeholder('email')}, ${sql.placeholder('userName')},
           ${sql.placeholder('address')}, ${sql.placeholder('phone')}, available_quantity
    from taken
    returning *)
  , line as (
    insert into ${orderLines} (order_id, position, part_id, name, image, unit_price_cents, quantity)
    select id, 0, part_id, name, image, unit_price_cents, quantity from placed)
  , mail as (insert into ${orderMails} (order_id) select id from placed)
  , low_stock_mail as (${queueLowStockMailsFrom(sql`taken`)})
  select placed.id, (select low_stock_crossed from taken) as low_stock_crossed from placed`;
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

type Answer = { statusCode: number; body: { acknowledged: true; insertedId: string } };

/** A checkout that could not take every line: its transaction is rolled back. */
class CheckoutRefused extends Error {}

/** A committed order's id, and whether it took a part below its low-stock threshold. */
interface Placed {
  id: string;
  lowStockCrossed: boolean;
}

export function createOrdersService(deps: {
  db: Db;
  log: FastifyBaseLogger;
  /** Told after a purchase committed a new order (not when an idempotent retry replays one). */
  orderPlaced?: () => void;
  /** Told after a purchase committed its confirmation mail to `order_mails`. */
  mailQueued?: () => void;
  /** Told after a purchase committed a low-stock mail (it took the part below its threshold). */
  lowStockMailQueued?: () => void;
  /** Open payments of an order are canceled at the provider before the order is deleted. */
  payments?: PaymentProvider | null;
  /** Called right after a commit that changed the catalogue (stock), before anyone is answered. */
  catalogueChanged?: () => void;
  /** MAX_UNPAID_ORDERS: how many unpaid orders one buyer may hold (0: no limit). */
  maxUnpaidOrders?: number;
  /** MAX_UNPAID_VALUE in cents: what one buyer's unpaid orders may hold together (0: no limit). */
  maxUnpaidValueCents?: number;
  /**
   * UNPAID_ORDER_TTL in milliseconds (for each unpaid order's `expiresAt`); undefined: never.
   */
  unpaidOrderTtlMs?: number;
  /**
   * PostgreSQL serves one buyer's purchases side by side: their row in `users` is locked first,
   * so that two purchases at once cannot both see room under the unpaid-order limits. PGlite runs
   * one statement at a time, so the one statement is enough there.
   */
  lockBuyer?: boolean;
}) {
  const catalogueChanged = () => deps.catalogueChanged?.();
  const { db, log } = deps;
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
  /** The values every order statement takes: the buyer, where it ships, the unpaid limits. */
  const orderValues = (input: CheckoutInput, buyer: Buyer) => ({
    ...(maxUnpaid > 0 ? { maxUnpaid } : {}),
    // Null: the buyer is exempt (underUnpaidValue); unused by a statement without the limit.
    ...(maxValueCents > 0
      ? { maxUnpaidCents: buyer.unpaidValueExempt ? null : maxValueCents }
      : {}),
    userId: buyer.id,
    email: buyer.email,
    userName: buyer.name,
    address: input.address,
    phone: input.phone,
  });
  const toOrder = (row: OrderRow, lines?: OrderLineRow[]) =>
    toApiOrder(row, deps.unpaidOrderTtlMs, lines);
  /** Orders for the API, with the lines of those that have several (one more query). */
  async function withLines(rows: OrderRow[]): Promise<Order[]> {
    const lines = await linesOfOrders(
      db,
      rows.filter((r) => r.lineCount > 1).map((r) => r.id),
    );
    return rows.map((row) => toOrder(row, lines.get(row.id)));
  }

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
      ...orderValues(input, buyer),
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
   * placeholders and kept prepared under `name` as the purchase's is (decision 029): the buyer,
   * the address and phone, the unpaid-order limit, and the source's own (`quoteId`).
   */
  function prepareLines(name: string, source: LinesSource): PreparedStatement {
    const countLimit = underUnpaidLimit(maxUnpaid > 0);
    // The owner priced a quote's lines (and saw its size): its order is not held to the value.
    const valueLimited = maxValueCents > 0 && !source.quoted;
    const underLimit = (orderCents: SQL) =>
      sql`${countLimit} ${valueLimited ? underUnpaidValue(orderCents) : sql``}`;
    return prepared(
      db,
      named(name, valueLimited),
      linesOrderStatement(source, {
        userId: sql.placeholder('userId'),
        email: sql.placeholder('email'),
        userName: sql.placeholder('userName'),
        address: sql.placeholder('address'),
        phone: sql.placeholder('phone'),
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
  ): Promise<Placed | null> {
    // A buyer's orders of several lines take turns (an accepted quote and the unpaid-order
    // limit), and the statement, begun once the buyer is locked, reads their orders as the one
    // before left them. The statement locks the parts itself (lockParts). PGlite runs one
    // transaction at a time, so no lock is needed there; nor on `db` itself, outside a
    // transaction, where the lock would end with its own statement (the checkout runs there only
    // when no unpaid-order limit asks for the buyer's lock).
    if (deps.lockBuyer && tx !== db) await lockUser(tx, buyer.id);
    const result = await executePrepared(tx, statement, {
      ...values,
      ...orderValues(input, buyer),
    });
    const [row] = result.rows;
    return row ? { id: String(row.id), lowStockCrossed: row.low_stock_crossed === true } : null;
  }

  /**
   * The checkout of the buyer's cart, inside the caller's transaction, or as a transaction of
   * its own when `tx` is `db` (the statement is whole on its own; the cart's lines are locked by
   * it on PostgreSQL, so two checkouts of one cart take turns there).
   */
  async function checkoutInTx(tx: DbOrTx, input: CheckoutInput, buyer: Buyer): Promise<Placed> {
    const order = await linesInTx(tx, checkoutStatement, {}, input, buyer);
    // Nothing was taken; the refusal is explained after the transaction.
    if (!order) throw new CheckoutRefused();
    return order;
  }

  /** Why the buyer's cart could not be checked out (read after the rollback), as the 4xx. */
  async function refusal(buyer: Buyer): Promise<HttpError> {
    const cart = await readCart(db, buyer.id);
    if (cart.lines.length === 0) return new HttpError(422, 'Your cart is empty.');
    if (maxUnpaid > 0 && (await unpaidCount(db, buyer.id)) >= maxUnpaid)
      return tooManyUnpaid(maxUnpaid);
    const failing = cart.lines.filter((line) => line.problem !== null);
    if (failing.length === 0) {
      const tooMuch = await overValueLimit(db, buyer, toCents(cart.total));
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

  /**
   * Runs `place` under an idempotency key: the same key (for the same buyer and body) makes one
   * order and answers the same every time; the key is stored in the same transaction as the
   * order.
   */
  async function idempotent(
    buyer: Buyer,
    idempotencyKey: string,
    input: unknown,
    what: 'purchase' | 'checkout',
    place: (tx: DbOrTx) => Promise<Placed>,
  ): Promise<Answer> {
    const requestHash = createHash('sha256')
      .update(what === 'purchase' ? JSON.stringify(input) : `checkout:${JSON.stringify(input)}`)
      .digest('hex');
    const result = await db.transaction(
      async (tx): Promise<{ answer: Answer } | { order: Placed }> => {
        const claimed = await tx
          .insert(idempotencyKeys)
          .values({ userId: buyer.id, key: idempotencyKey, requestHash })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key });
        const thisKey = and(
          eq(idempotencyKeys.userId, buyer.id),
          eq(idempotencyKeys.key, idempotencyKey),
        );
        if (claimed.length === 0) {
          const [earlier] = await tx.select().from(idempotencyKeys).where(thisKey);
          if (earlier?.requestHash !== requestHash) {
            throw new HttpError(
              422,
              `This Idempotency-Key was already used for a different ${what}.`,
            );
          }
          if (earlier.statusCode === null || earlier.response === null) {
            throw new HttpError(
              409,
              `This ${what} is still being processed. Please wait a moment.`,
            );
          }
          return {
            answer: { statusCode: earlier.statusCode, body: earlier.response as Answer['body'] },
          };
        }
        const order = await place(tx);
        await tx
          .update(idempotencyKeys)
          .set({ statusCode: 200, response: { acknowledged: true, insertedId: order.id } })
          .where(thisKey);
        return { order };
      },
    );
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
    async checkout(input: CheckoutInput, buyer: Buyer, idempotencyKey?: string): Promise<Answer> {
      try {
        // Without a key, one statement is its own transaction (no BEGIN/COMMIT round trips, and
        // the parts stay locked for the statement alone), unless the unpaid-order limit needs the
        // buyer locked first (lockBuyer), as for the purchase.
        if (!idempotencyKey)
          return placed(
            lockBuyer
              ? await db.transaction((tx) => checkoutInTx(tx, input, buyer))
              : await checkoutInTx(db, input, buyer),
          );
        return await idempotent(buyer, idempotencyKey, input, 'checkout', (tx) =>
          checkoutInTx(tx, input, buyer),
        );
      } catch (err) {
        if (err instanceof CheckoutRefused) throw await refusal(buyer);
        throw err;
      }
    },

    /** Every order, newest first, a page at a time (for the admins). */
    async listAll(q: { limit: number; cursor?: string }) {
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(q.cursor ? lt(orders.seq, Number(q.cursor)) : undefined)
          .orderBy(desc(orders.seq))
          .limit(pageLimit(q.limit + 1)),
        db.$count(orders),
      ]);
      const more = rows.length > q.limit;
      const page = more ? rows.slice(0, q.limit) : rows;
      return {
        orders: await withLines(page),
        total,
        nextCursor: more ? String(page[page.length - 1]!.seq) : null,
      };
    },

    /**
     * Ships a paid order (admins), with the carrier and tracking number when given, and queues
     * its shipping mail; audited in the same transaction.
     */
    async ship(
      id: string,
      admin: { id: string; email: string },
      tracking: { carrier?: string; trackingNumber?: string } = {},
    ): Promise<number> {
      const shipped = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
        if (!row) throw notFound('We could not find that order.');
        if (!row.paid) throw new HttpError(409, 'Only a paid order can be shipped.');
        if (row.refundedAt) throw new HttpError(409, 'A refunded order cannot be shipped.');
        if (row.shippedAt) return 0;
        const [after] = await tx
          .update(orders)
          .set({
            shippedAt: new Date(),
            carrier: tracking.carrier || null,
            trackingNumber: tracking.trackingNumber || null,
          })
          .where(eq(orders.id, id))
          .returning();
        await tx.insert(orderMails).values({ orderId: id, kind: 'shipped' });
        await recordAudit(tx, admin, {
          action: 'order.ship',
          targetId: id,
          summary: `Shipped the order of ${row.userEmail} (${row.quantity} x ${row.name})`,
          before: { status: null },
          after: {
            status: 'shipped',
            shippedAt: after!.shippedAt!.toISOString(),
            carrier: after!.carrier,
            trackingNumber: after!.trackingNumber,
          },
        });
        return 1;
      });
      if (shipped) deps.mailQueued?.();
      return shipped;
    },

    /**
     * Refunds a paid order in full (admins): the payment is refunded at the provider (one refund
     * per payment, so a retry gets the same one), then, in one transaction, the order is marked
     * refunded with its credit note's number, an order not yet shipped puts its lines back in
     * stock, its mail is queued and the refund is audited.
     */
    async refund(
      id: string,
      admin: { id: string; email: string },
      reason: string,
    ): Promise<number> {
      const [found] = await db.select().from(orders).where(eq(orders.id, id));
      if (!found) throw notFound('We could not find that order.');
      if (!found.paid || !found.transactionId)
        throw new HttpError(409, 'Only a paid order can be refunded.');
      if (found.refundedAt) return 0;
      if (!deps.payments) {
        throw new HttpError(
          503,
          'Card payments are not set up, so the payment cannot be refunded here.',
        );
      }
      const { refundId } = await deps.payments
        .refundPayment(found.transactionId, reason)
        .catch((err: unknown) => {
          log.error({ err, orderId: id }, 'the payment provider refused a refund');
          throw new HttpError(
            502,
            'The payment provider did not refund the payment. Please try again in a moment.',
          );
        });
      const refunded = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
        if (!row || row.refundedAt) return 0;
        const wasShipped = row.shippedAt !== null;
        if (!wasShipped) await restockOrder(tx, id);
        await tx.execute(sql`
          with note as (${takeDocumentNumber('CN', sql`true`)})
          update ${orders} set refunded_at = now(), refund_id = ${refundId},
            refund_reason = ${reason}, credit_note_number = (select number from note)
          where id = ${id}`);
        await markPaymentRefunded(tx, row.transactionId!, refundId, reason);
        await tx.insert(orderMails).values({ orderId: id, kind: 'refunded' });
        await recordAudit(tx, admin, {
          action: 'order.refund',
          targetId: id,
          summary: `Refunded the order of ${row.userEmail} (${row.name}, $${(row.totalCents / 100).toFixed(2)}): ${reason}`,
          before: { paid: true, refunded: false },
          after: { refunded: true, refundId, restocked: !wasShipped },
        });
        return 1;
      });
      if (refunded) {
        catalogueChanged();
        deps.mailQueued?.();
      }
      return refunded;
    },

    async listFor(userId: string): Promise<Order[]> {
      const rows = await db
        .select()
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.id));
      return withLines(rows);
    },

    /** An order as the API answers it (with its expiry and, when it has several, its lines). */
    async toApi(row: OrderRow): Promise<Order> {
      return (await withLines([row]))[0]!;
    },

    /** The lines of one order, in order. */
    async linesOf(id: string): Promise<OrderLineRow[]> {
      return (await linesOfOrders(db, [id])).get(id) ?? [];
    },

    /** An order its owner (or an admin) may see; others get the same 404 as a missing one. */
    async getVisible(id: string, viewer: { id: string; role: string }): Promise<OrderRow> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id));
      if (!row || (row.userId !== viewer.id && viewer.role !== 'admin'))
        throw notFound('We could not find that order.');
      return row;
    },

    /**
     * Deletes an unpaid order and puts its quantity back in stock (unless it expired: its stock
     * went back then), in one transaction. Its open payments are canceled at the provider first;
     * one that already succeeded pays the order instead, and the order is kept (409).
     */
    async remove(id: string, viewer: { id: string; role: string; email: string }): Promise<number> {
      const [found] = await db.select().from(orders).where(eq(orders.id, id));
      if (!found || (found.userId !== viewer.id && viewer.role !== 'admin'))
        throw notFound('We could not find that order.');
      if (found.paid) throw new HttpError(409, 'A paid order cannot be deleted.');
      const payments = await cancelOpenPayments(db, deps.payments ?? null, id, log).catch(
        (err: unknown) => {
          log.error({ err, orderId: id }, 'could not cancel the payments of an order to delete');
          throw new HttpError(
            502,
            'The payment provider did not answer, so the order was not deleted. Please try again in a moment.',
          );
        },
      );
      if (payments === 'paid')
        throw new HttpError(409, 'This order was just paid, so it was not deleted.');
      if (payments === 'pending') {
        throw new HttpError(
          409,
          'A payment for this order is being processed, so it was not deleted. Please try again in a moment.',
        );
      }
      const deletedCount = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
        if (!row) throw notFound('We could not find that order.');
        if (row.paid) throw new HttpError(409, 'This order was just paid, so it was not deleted.');
        // An expired order's stock went back when it expired.
        if (!row.expiredAt) await restockOrder(tx, row.id);
        const deleted = await tx
          .delete(orders)
          .where(and(eq(orders.id, id), eq(orders.paid, false)))
          .returning({ id: orders.id });
        if (viewer.role === 'admin' && row.userId !== viewer.id) {
          await recordAudit(tx, viewer, {
            action: 'order.delete',
            targetId: row.id,
            summary: `Deleted the unpaid order of ${row.userEmail} (${row.quantity} x ${row.name})`,
            before: toApiOrder(row),
          });
        }
        return deleted.length;
      });
      catalogueChanged();
      return deletedCount;
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
