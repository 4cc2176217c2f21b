import type { Db } from '../../db/client.ts';
import type { PaymentProvider } from './provider.ts';
import { settleSucceededPayment, type PaymentLog } from './service.ts';

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
