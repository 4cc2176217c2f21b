import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orderMails, orderRefunds, orders, type OrderRefundRow } from '../../db/schema/orders.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { formatUsd } from '../../lib/money.ts';
import { recordAudit } from '../audit/service.ts';
import { restock } from '../parts/stock.ts';
import { invoicedOnTerms } from './documents.ts';
import { priceRefund, refundAtProvider, type RefundRequest } from './part-refunds.ts';
import { linesOfOrders } from './reading.ts';
import { takeDocumentNumber } from './repository.ts';
import type { StateChangeDeps } from './state-changes.ts';

/** An order's partial refunds, the first first. */
export const refundsOf = (db: DbOrTx, orderId: string): Promise<OrderRefundRow[]> =>
  db
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId))
    .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.creditNoteNumber));

/** Partial refunds of paid orders: returned, damaged or missing parts given back in money. */
export function createPartRefunds(deps: StateChangeDeps) {
  const { db, log } = deps;
  return {
    refundsOf: (orderId: string) => refundsOf(db, orderId),

    /**
     * Refunds some units of a paid order's lines (admins), with their share of each tax: the
     * provider refunds that amount first (its idempotency key is the order's count of refunds
     * and the amount, so a retry after a failure gets the same refund), then, in one
     * transaction, the refund is recorded with its credit note's number, the units go back in
     * stock when `restock` says so, the order's refunded sums grow, the buyer's mail is queued
     * and the refund is audited.
     */
    async refundPart(
      id: string,
      admin: { id: string; email: string },
      request: RefundRequest,
    ): Promise<OrderRefundRow> {
      const [found] = await db.select().from(orders).where(eq(orders.id, id));
      if (!found) throw notFound('We could not find that order.');
      if (invoicedOnTerms(found))
        throw new HttpError(
          409,
          'An order on a company’s payment terms is credited in full, not in part: its payments came by invoice, not by card.',
        );
      if (!found.paid || !found.transactionId)
        throw new HttpError(409, 'Only a paid order can be refunded in part.');
      if (found.refundedAt) throw new HttpError(409, 'This order was refunded in full already.');
      const lines = (await linesOfOrders(db, [id])).get(id) ?? [];
      const before = await refundsOf(db, id);
      const priced = priceRefund(found, lines, before, request);
      const amountCents = priced.subtotalCents + priced.taxCents;
      if (amountCents <= 0)
        throw new HttpError(422, 'The units chosen cost nothing: there is nothing to refund.');
      const paymentId = found.transactionId;
      const refundId = await refundAtProvider(deps.payments, log, id, (provider) =>
        provider.refundPart(paymentId, {
          amountCents,
          key: `part-${before.length + 1}-${amountCents}`,
          reason: request.reason,
        }),
      );
      const refund = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
        const now = await refundsOf(tx, id);
        const same = now.find((r) => r.providerRefundId === refundId);
        if (same) return { row: same, recorded: false };
        if (!row || row.refundedAt || now.length !== before.length) {
          // The provider refunded the amount; another admin's change came first. Logged for the
          // owner to square with the provider's dashboard.
          log.error(
            { orderId: id, refundId, amountCents },
            'a partial refund was made at the provider while the order changed: not recorded',
          );
          throw new HttpError(
            409,
            `Another refund of this order was recorded meanwhile; the payment provider refunded ${formatUsd(amountCents)} (${refundId}). Check the order before refunding again.`,
          );
        }
        const number = (await tx.execute(takeDocumentNumber('CN', sql`true`))) as unknown as {
          rows: { number: string }[];
        };
        const [saved] = await tx
          .insert(orderRefunds)
          .values({
            orderId: id,
            creditNoteNumber: number.rows[0]!.number,
            lines: priced.lines,
            subtotalCents: priced.subtotalCents,
            taxes: priced.taxes,
            taxCents: priced.taxCents,
            amountCents,
            restocked: request.restock,
            reason: request.reason,
            providerRefundId: refundId,
            createdBy: admin.id,
          })
          .returning();
        await tx
          .update(orders)
          .set({
            refundedSubtotalCents: sql`${orders.refundedSubtotalCents} + ${priced.subtotalCents}`,
            refundedTaxCents: sql`${orders.refundedTaxCents} + ${priced.taxCents}`,
          })
          .where(eq(orders.id, id));
        if (request.restock) {
          // In the order of the parts' ids, as a checkout locks them.
          const back = priced.lines
            .map((l) => ({
              partId: lines.find((line) => line.position === l.position)?.partId ?? null,
              quantity: l.quantity,
            }))
            .sort((a, b) => String(a.partId).localeCompare(String(b.partId)));
          for (const line of back) await restock(tx, line);
        }
        await tx.insert(orderMails).values({ orderId: id, kind: 'refunded', refundId: saved!.id });
        const units = priced.lines.map((l) => `${l.quantity} x ${l.name}`).join(', ');
        await recordAudit(tx, admin, {
          action: 'order.refund-part',
          targetId: id,
          summary: `Refunded ${formatUsd(amountCents)} of order ${row.number} of ${row.userEmail} (${units}; ${saved!.creditNoteNumber}): ${request.reason}`,
          before: { refundedCents: before.reduce((sum, r) => sum + r.amountCents, 0) },
          after: {
            refundedCents: before.reduce((sum, r) => sum + r.amountCents, 0) + amountCents,
            refundId,
            restocked: request.restock,
          },
        });
        return { row: saved!, recorded: true };
      });
      if (refund.recorded) {
        if (request.restock) deps.catalogueChanged?.();
        deps.mailQueued?.();
      }
      return refund.row;
    },
  };
}
