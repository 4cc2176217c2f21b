import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { addressLines, type Order as OrderSchema } from '@partsmith/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { keysetPage, pageLimit } from '../../db/page-limit.ts';
import { orderLines, orders, type OrderLineRow, type OrderRow } from '../../db/schema/orders.ts';
import { notFound } from '../../lib/http-errors.ts';
import { orderTotalCents } from '../payments/service.ts';
import { orderSearch } from './search.ts';
import { approves, membershipOf } from '../companies/service.ts';
import { countryName } from '../addresses/service.ts';
import { awaitingApprovalSql } from './waiting.ts';

/** An order as the API answers it (every field present). */
export type Order = z.output<typeof OrderSchema>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** An order line for the API (money in dollars). */
export const toApiLine = (line: OrderLineRow) => ({
  partId: line.partId,
  sku: line.sku,
  name: line.name,
  image: line.image,
  price: line.unitPriceCents / 100,
  quantity: line.quantity,
  total: (line.unitPriceCents * line.quantity) / 100,
});

/**
 * An order for the API; `ttlMs` (UNPAID_ORDER_TTL) gives an open unpaid order its `expiresAt`.
 * An order of several lines carries them (`lines`, read by linesOfOrders); one of one line reads
 * as the spec's order. `sku` is the first line's part number (the order's row has none).
 */
export function toApiOrder(row: OrderRow, ttlMs?: number, lines?: OrderLineRow[]): Order {
  return {
    _id: row.id,
    number: row.number,
    partId: row.partId,
    sku: lines?.[0]?.sku ?? null,
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
    shipToLines: row.shipTo ? addressLines(row.shipTo, countryName) : null,
    availableQuantity: row.stockAfter,
    paid: row.paid,
    expired: row.expiredAt !== null,
    expiresAt:
      ttlMs &&
      !row.paid &&
      row.expiredAt === null &&
      row.paymentMethod === 'card' &&
      row.approval !== 'pending'
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
    refunded: (row.refundedSubtotalCents + row.refundedTaxCents) / 100,
    poNumber: row.poNumber,
    paymentMethod: row.paymentMethod as 'card' | 'invoice',
    dueDate: row.dueDate,
    approval: (row.approval as 'pending' | 'approved' | 'declined' | null) ?? null,
    ...orderMoney(row),
  };
}

/** An order's money under the checkout preview's names (dollars; see Order in the contract). */
export function orderMoney(row: OrderRow) {
  return {
    subtotal: row.subtotalCents / 100,
    shippingMethod:
      row.shippingMethodId && row.shippingMethodName
        ? {
            id: row.shippingMethodId,
            name: row.shippingMethodName,
            price: row.shippingCents / 100,
            days: { min: row.shippingMinDays ?? 0, max: row.shippingMaxDays ?? 0 },
          }
        : null,
    shipping: row.shippingCents / 100,
    taxes: row.taxes.map((tax) => ({
      name: tax.name,
      rate: tax.rate,
      amount: tax.amountCents / 100,
    })),
    buyerTaxId: row.buyerTaxId,
    taxExemption: row.taxExemption,
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

/** The most orders waiting for approval that one answer lists (a company's, oldest first). */
export const APPROVALS_LISTED = 100;

export interface ReadingDeps {
  db: Db;
  /**
   * UNPAID_ORDER_TTL in milliseconds (for each unpaid order's `expiresAt`); undefined: never.
   */
  unpaidOrderTtlMs?: number;
}

/** Reading orders: one, a buyer's, every one a page at a time, as the API answers them. */
export function createOrderReading(deps: ReadingDeps) {
  const { db } = deps;
  const toOrder = (row: OrderRow, lines?: OrderLineRow[]) =>
    toApiOrder(row, deps.unpaidOrderTtlMs, lines);
  /**
   * Orders for the API with their lines (one more query): those of several show them all, and
   * every order its first line's part number.
   */
  async function withLines(rows: OrderRow[]): Promise<Order[]> {
    const lines = await linesOfOrders(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => toOrder(row, lines.get(row.id)));
  }

  return {
    /**
     * Every order, newest first, a page at a time (for the admins); with a search (`q`, see
     * orderSearch), the orders it finds, and their count as the total.
     */
    async listAll(q: { limit: number; cursor?: string; q?: string }) {
      const found = orderSearch(q.q);
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(and(q.cursor ? lt(orders.seq, Number(q.cursor)) : undefined, found))
          .orderBy(desc(orders.seq))
          .limit(pageLimit(q.limit + 1)),
        db.$count(orders, found),
      ]);
      const { page, nextCursor } = keysetPage(rows, q.limit);
      return { orders: await withLines(page), total, nextCursor };
    },

    /** A buyer's own orders, newest first; with a search (`q`), those it finds (orderSearch). */
    async listFor(userId: string, q?: string): Promise<Order[]> {
      const rows = await db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), orderSearch(q)))
        .orderBy(desc(orders.createdAt), desc(orders.id));
      return withLines(rows);
    },

    /**
     * The orders of the viewer's company that wait for an approver (above their buyer's spending
     * limit), the longest waiting first, at most APPROVALS_LISTED; null when the viewer is in no
     * company or may not decide on its orders (only its owner, admins and approvers do).
     */
    async awaitingApproval(viewer: { id: string }): Promise<Order[] | null> {
      const membership = await membershipOf(db, viewer.id);
      if (!membership || !approves(membership.role)) return null;
      const rows = await db
        .select()
        .from(orders)
        .where(awaitingApprovalSql(membership.companyId))
        .orderBy(orders.createdAt, orders.id)
        .limit(APPROVALS_LISTED);
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
      if (row && (row.userId === viewer.id || viewer.role === 'admin')) return row;
      // A company's owner, admins and approvers see its orders (issue 49).
      if (row?.companyId) {
        const membership = await membershipOf(db, viewer.id);
        if (membership?.companyId === row.companyId && approves(membership.role)) return row;
      }
      throw notFound('We could not find that order.');
    },
  };
}
