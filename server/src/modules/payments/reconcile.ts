import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, parts } from '../../db/schema/index.ts';
import type { PaymentProvider } from './provider.ts';
import { cancelOpenPayments, settleSucceededPayment, type PaymentLog } from './service.ts';

export interface ReconcileReport {
  checked: number;
  repaired: number;
  /** Payments that could not be settled this time (the provider failed); run again later. */
  left: number;
  /** One line per repair or failure. */
  lines: string[];
}

/**
 * What `npm run payments:reconcile` does: every payment that succeeded at the provider in the
 * last `days` days is settled through settleSucceededPayment (pays its unpaid order, or is
 * refunded). Settled payments are left as they are, so running it twice repairs nothing the
 * second time, and it is safe beside the running shop.
 */
export async function reconcilePayments(input: {
  db: Db;
  provider: PaymentProvider;
  days: number;
  log: PaymentLog;
  now?: Date;
}): Promise<ReconcileReport> {
  const since = Math.floor((input.now ?? new Date()).getTime() / 1000) - input.days * 86_400;
  const payments = await input.provider.listSucceededPayments(since);
  const report: ReconcileReport = { checked: 0, repaired: 0, left: 0, lines: [] };
  for (const payment of payments) {
    report.checked++;
    try {
      const result = await settleSucceededPayment(input.db, input.provider, payment, input.log);
      if (result.outcome === 'paid' && result.changed) {
        report.repaired++;
        report.lines.push(`paid order ${payment.orderId} with payment ${payment.id}`);
      } else if (result.outcome === 'refunded' && result.changed) {
        report.repaired++;
        report.lines.push(
          `refunded payment ${payment.id} (order ${payment.orderId}): ${result.reason} (refund ${result.refundId})`,
        );
      }
    } catch (error) {
      report.left++;
      report.lines.push(
        `could not settle payment ${payment.id} (order ${payment.orderId}): ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return report;
}

/**
 * UNPAID_ORDER_TTL: unpaid orders older than the TTL expire. Each one's open payments are
 * canceled at the provider first (one that had already succeeded pays the order instead, one
 * still processing keeps it for the next round), then its stock goes back and it is marked
 * expired, in one transaction. Answers how many orders expired.
 */
export async function expireUnpaidOrders(input: {
  db: Db;
  provider: PaymentProvider | null;
  ttlMs: number;
  log: PaymentLog;
  now?: Date;
  /** Called right after a commit that put stock back. */
  catalogueChanged?: () => void;
}): Promise<number> {
  const { db, log } = input;
  const cutoff = new Date((input.now ?? new Date()).getTime() - input.ttlMs);
  const stale = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.paid, false), isNull(orders.expiredAt), lt(orders.createdAt, cutoff)))
    .limit(500);
  let expired = 0;
  for (const { id } of stale) {
    try {
      const payments = await cancelOpenPayments(db, input.provider, id, log);
      if (payments !== 'clear') continue;
      const done = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
        if (!row || row.paid || row.expiredAt) return false;
        if (row.partId) {
          await tx
            .update(parts)
            .set({
              availableQuantity: sql`${parts.availableQuantity} + ${row.quantity}`,
              updatedAt: new Date(),
            })
            .where(eq(parts.id, row.partId));
        }
        await tx.update(orders).set({ expiredAt: new Date() }).where(eq(orders.id, id));
        return true;
      });
      if (done) {
        input.catalogueChanged?.();
        expired++;
        log.info({ orderId: id }, 'an unpaid order expired; its stock went back');
      }
    } catch (err) {
      log.error({ err, orderId: id }, 'could not expire an unpaid order');
    }
  }
  return expired;
}
