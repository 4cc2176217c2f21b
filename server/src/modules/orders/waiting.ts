import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { approves, membershipOf } from '../companies/service.ts';
import { openInvoiceSql, pastDueSql } from './terms.ts';

/** A company's orders waiting for its approver: the Company page's list and its count. */
export const awaitingApprovalSql = (companyId: string): SQL =>
  and(eq(orders.companyId, companyId), eq(orders.approval, 'pending'))!;

/** A card order its buyer can pay now (`payableByCard` in the contract's order-views.ts). */
const payableByCard = sql`${orders.paymentMethod} = 'card' and ${orders.refundedAt} is null
  and ${orders.approval} is distinct from 'pending' and ${orders.approval} is distinct from 'declined'
  and ${orders.totalCents} > 0`;

/**
 * What a buyer's own orders wait for: those to pay by card now, those on account (invoiced on
 * payment terms, not paid yet) and of them those past their due date. One statement over the
 * buyer's open unpaid orders (orders_open_unpaid_user_idx: not paid, not expired).
 */
export async function buyerOrdersWaiting(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      toPay: sql<string>`count(*) filter (where ${payableByCard})`,
      // On account (`onAccount` in order-views.ts): the invoices on terms the admins' figures
      // count as open and past due.
      onAccount: sql<string>`count(*) filter (where ${openInvoiceSql})`,
      overdue: sql<string>`count(*) filter (where ${openInvoiceSql} and ${pastDueSql})`,
    })
    .from(orders)
    .where(
      sql`${orders.userId} = ${userId} and not ${orders.paid} and ${orders.expiredAt} is null`,
    );
  return {
    ordersToPay: Number(row?.toPay ?? 0),
    invoicesToPay: Number(row?.onAccount ?? 0),
    invoicesOverdue: Number(row?.overdue ?? 0),
  };
}

/**
 * How many of the viewer's company's orders wait for an approver; null when the viewer is in no
 * company or does not decide on its orders (only its owner, admins and approvers do).
 */
export async function countOrdersToApprove(db: DbOrTx, userId: string): Promise<number | null> {
  const membership = await membershipOf(db, userId);
  if (!membership || !approves(membership.role)) return null;
  return db.$count(orders, awaitingApprovalSql(membership.companyId));
}
