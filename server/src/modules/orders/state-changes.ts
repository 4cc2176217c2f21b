import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  invoicePayments,
  orderLines,
  orderMails,
  orders,
  type OrderRefundRow,
  type OrderRow,
} from '../../db/schema/orders.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { formatUsd } from '../../lib/money.ts';
import { recordAudit } from '../audit/service.ts';
import { restock } from '../parts/stock.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { cancelOpenPayments, markPaymentRefunded } from '../payments/service.ts';
import { invoicedOnTerms } from './documents.ts';
import { refundsOf } from './part-refund-service.ts';
import { refundAtProvider, unitsLeft } from './part-refunds.ts';
import { toApiOrder } from './reading.ts';
import { takeDocumentNumber } from './repository.ts';

/**
 * Puts every line of an order back in stock (inside the caller's transaction), less the units its
 * partial refunds put back already.
 */
export async function restockOrder(
  tx: DbOrTx,
  orderId: string,
  refunds: Pick<OrderRefundRow, 'lines' | 'restocked'>[] = [],
) {
  // In the order of the parts' ids, as a checkout locks them.
  const lines = await tx
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(orderLines.partId);
  const back = unitsLeft(
    lines,
    refunds.filter((refund) => refund.restocked),
  );
  for (const line of lines) await restock(tx, { ...line, quantity: back.get(line.position) ?? 0 });
}

/**
 * Cancels an order invoiced on payment terms (issue 49) with a credit note, while nothing has
 * been paid against its invoice: no card to refund; its lines go back in stock unless shipped,
 * the buyer is mailed, the credit is audited. Payments recorded against it: 409 (the money goes
 * back by the way it came, outside the shop).
 */
async function creditInvoiceOnTerms(
  db: Db,
  id: string,
  admin: { id: string; email: string },
  reason: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!row) throw notFound('We could not find that order.');
    if (row.refundedAt) return 0;
    const [payments] = await tx
      .select({ paidCents: sql<string>`coalesce(sum(${invoicePayments.amountCents}), 0)` })
      .from(invoicePayments)
      .where(eq(invoicePayments.orderId, id));
    const paidCents = Number(payments?.paidCents ?? 0);
    if (paidCents > 0)
      throw new HttpError(
        409,
        `Payments of ${formatUsd(paidCents)} were recorded against invoice ${row.invoiceNumber}: return them by the way they came before the invoice is credited.`,
      );
    const wasShipped = row.shippedAt !== null;
    if (!wasShipped) await restockOrder(tx, id);
    await tx.execute(sql`
      with note as (${takeDocumentNumber('CN', sql`true`)})
      update ${orders} set refunded_at = now(), refund_reason = ${reason},
        credit_note_number = (select number from note)
      where id = ${id}`);
    await tx.insert(orderMails).values({ orderId: id, kind: 'refunded' });
    await recordAudit(tx, admin, {
      action: 'order.refund',
      targetId: id,
      summary: `Credited invoice ${row.invoiceNumber} of ${row.userEmail} (${row.name}, ${formatUsd(row.totalCents)}), unpaid, on terms: ${reason}`,
      before: { paid: false, refunded: false },
      after: { refunded: true, restocked: !wasShipped },
    });
    return 1;
  });
}

/** What the admin gave when shipping (both optional). */
type Tracking = { carrier?: string; trackingNumber?: string };

/**
 * Ships an order locked for update in `tx`: its shipping mail queued and the shipment audited in
 * the same transaction. 0 when it was shipped already; 409 when it cannot be (not paid or
 * invoiced on terms, or refunded), the message after `prefix` (the order's number, when several).
 */
async function shipRow(
  tx: DbOrTx,
  row: OrderRow,
  admin: { id: string; email: string },
  tracking: Tracking,
  prefix: string,
): Promise<number> {
  // An order on payment terms ships once invoiced: it is paid later, by its due date.
  if (!row.paid && !invoicedOnTerms(row))
    throw new HttpError(
      409,
      `${prefix}Only a paid order, or one invoiced on terms, can be shipped.`,
    );
  if (row.refundedAt) throw new HttpError(409, `${prefix}A refunded order cannot be shipped.`);
  if (row.shippedAt) return 0;
  const [after] = await tx
    .update(orders)
    .set({
      shippedAt: new Date(),
      carrier: tracking.carrier || null,
      trackingNumber: tracking.trackingNumber || null,
    })
    .where(eq(orders.id, row.id))
    .returning();
  await tx.insert(orderMails).values({ orderId: row.id, kind: 'shipped' });
  await recordAudit(tx, admin, {
    action: 'order.ship',
    targetId: row.id,
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
}

export interface StateChangeDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** Told after a shipment or a refund committed its mail to `order_mails`. */
  mailQueued?: () => void;
  /** Open payments of an order are canceled at the provider before the order is deleted. */
  payments?: PaymentProvider | null;
  /** Called right after a commit that changed the catalogue (stock), before anyone is answered. */
  catalogueChanged?: () => void;
}

/** What happens to an order once placed: it is shipped, refunded or deleted. */
export function createOrderStateChanges(deps: StateChangeDeps) {
  const catalogueChanged = () => deps.catalogueChanged?.();
  const { db, log } = deps;
  return {
    /**
     * Ships a paid order, or one invoiced on payment terms (admins), with the carrier and tracking number when given, and queues
     * its shipping mail; audited in the same transaction.
     */
    async ship(
      id: string,
      admin: { id: string; email: string },
      tracking: Tracking = {},
    ): Promise<number> {
      const shipped = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
        if (!row) throw notFound('We could not find that order.');
        return shipRow(tx, row, admin, tracking, '');
      });
      if (shipped) deps.mailQueued?.();
      return shipped;
    },

    /**
     * Ships the selected orders together (admins), with the carrier when given: all of them or
     * none, in one transaction. One that cannot be shipped refuses them all, named by its number;
     * one shipped already is left as it was.
     */
    async shipMany(
      ids: readonly string[],
      admin: { id: string; email: string },
      carrier?: string,
    ): Promise<{ shipped: number; alreadyShipped: number }> {
      const unique = [...new Set(ids)];
      const answer = await db.transaction(async (tx) => {
        // Locked in the order of their ids, as every other writer of several orders would.
        const rows = await tx
          .select()
          .from(orders)
          .where(inArray(orders.id, unique))
          .orderBy(orders.id)
          .for('update');
        if (rows.length < unique.length)
          throw notFound(
            'One of the selected orders is not there any more: reload the list and select again.',
          );
        let shipped = 0;
        for (const row of rows) {
          const prefix = `${row.number}: `;
          shipped += await shipRow(tx, row, admin, { carrier }, prefix);
        }
        return { shipped, alreadyShipped: rows.length - shipped };
      });
      if (answer.shipped) deps.mailQueued?.();
      return answer;
    },

    /**
     * Refunds a paid order in full (admins; an order invoiced on terms: creditInvoiceOnTerms):
     * the payment is refunded at the provider (one refund
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
      if (invoicedOnTerms(found)) {
        const credited = await creditInvoiceOnTerms(db, id, admin, reason);
        if (credited) {
          catalogueChanged();
          deps.mailQueued?.();
        }
        return credited;
      }
      if (!found.paid || !found.transactionId)
        throw new HttpError(409, 'Only a paid order, or one invoiced on terms, can be refunded.');
      if (found.refundedAt) return 0;
      const parts = await refundsOf(db, id);
      const given = parts.reduce((sum, part) => sum + part.amountCents, 0);
      if (parts.length > 0 && given >= found.totalCents)
        throw new HttpError(409, 'Its partial refunds gave back the whole order already.');
      const refundId = await refundAtProvider(deps.payments, log, id, (provider) =>
        provider.refundPayment(found.transactionId!, reason),
      );
      const refunded = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
        if (!row || row.refundedAt) return 0;
        const wasShipped = row.shippedAt !== null;
        const partly = await refundsOf(tx, id);
        if (partly.length !== parts.length)
          log.error({ orderId: id }, 'a partial refund was recorded while refunding in full');
        if (!wasShipped) await restockOrder(tx, id, partly);
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
          summary: `Refunded the order of ${row.userEmail} (${row.name}, ${formatUsd(row.totalCents - given)}${given ? `, the rest after ${formatUsd(given)} refunded in part` : ''}): ${reason}`,
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

    /**
     * Deletes an unpaid order not invoiced (one on terms is) and puts its quantity back in stock (unless it expired: its stock
     * went back then), in one transaction. Its open payments are canceled at the provider first;
     * one that already succeeded pays the order instead, and the order is kept (409).
     */
    async remove(id: string, viewer: { id: string; role: string; email: string }): Promise<number> {
      const [found] = await db.select().from(orders).where(eq(orders.id, id));
      if (!found || (found.userId !== viewer.id && viewer.role !== 'admin'))
        throw notFound('We could not find that order.');
      if (found.paid) throw new HttpError(409, 'A paid order cannot be deleted.');
      // An order on terms was invoiced when placed: its invoice stands (numbers have no gaps).
      if (found.invoiceNumber)
        throw new HttpError(409, 'An invoiced order cannot be deleted: its invoice stands.');
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
        if (row.invoiceNumber)
          throw new HttpError(409, 'An invoiced order cannot be deleted: its invoice stands.');
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
