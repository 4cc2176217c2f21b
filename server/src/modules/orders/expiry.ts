import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderMails, orders } from '../../db/schema/orders.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { cancelOpenPayments, type PaymentLog } from '../payments/service.ts';
import { restockOrder } from './service.ts';
import { cardOrderSql } from './unpaid-value.ts';

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
  /** Called after a commit that queued an order's mail (its expiry notice). */
  mailQueued?: () => void;
}): Promise<number> {
  const { db, log } = input;
  const cutoff = new Date((input.now ?? new Date()).getTime() - input.ttlMs);
  const stale = await db
    .select({ id: orders.id })
    .from(orders)
    // Orders on terms and orders awaiting approval never expire; an approved one counts from its
    // approval (issue 49).
    .where(
      and(
        eq(orders.paid, false),
        isNull(orders.expiredAt),
        cardOrderSql('orders'),
        lt(sql`coalesce(${orders.approvalDecidedAt}, ${orders.createdAt})`, cutoff),
      ),
    )
    .limit(500);
  let expired = 0;
  for (const { id } of stale) {
    try {
      const payments = await cancelOpenPayments(db, input.provider, id, log);
      if (payments !== 'clear') continue;
      const done = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
        if (!row || row.paid || row.expiredAt) return false;
        await restockOrder(tx, row.id);
        await tx.update(orders).set({ expiredAt: new Date() }).where(eq(orders.id, id));
        await tx.insert(orderMails).values({ orderId: id, kind: 'expired' });
        return true;
      });
      if (done) {
        input.catalogueChanged?.();
        input.mailQueued?.();
        expired++;
        log.info({ orderId: id }, 'an unpaid order expired; its stock went back');
      }
    } catch (err) {
      log.error({ err, orderId: id }, 'could not expire an unpaid order');
    }
  }
  return expired;
}
