import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { invoicePayments, orders } from '../../db/schema/orders.ts';

/**
 * Orders on payment terms (issue 49): what a company owes. An order on terms is open until its
 * payments come to its total; one declined by the company's approver, expired or credited owes
 * nothing.
 */
const openOnTerms = sql`${orders.paymentMethod} = 'invoice' and not ${orders.paid}
  and ${orders.expiredAt} is null and ${orders.refundedAt} is null
  and ${orders.approval} is distinct from 'declined'`;

/** An invoice on terms still open: an order on terms invoiced (so approved, if it had to be). */
export const openInvoiceSql = sql`${openOnTerms} and ${orders.invoiceNumber} is not null`;

/** An invoice past its due date (the day after it, in the database's time zone). */
export const pastDueSql = sql`${orders.dueDate} < current_date`;

/** What is still owed on an order: its total less the payments recorded against it. */
const owedCents = sql<number>`(${orders.totalCents} - coalesce((select sum(${invoicePayments.amountCents})
  from ${invoicePayments} where ${invoicePayments.orderId} = ${orders.id}), 0))`;

export interface CompanyBalance {
  /** Owed on the company's open orders on terms (those awaiting approval too). */
  outstandingCents: number;
  /** Of that, owed on invoices past their due date. */
  overdueCents: number;
  /** Orders placed by the company's members. */
  orders: number;
}

/** Each company's balance (companies without orders are left out). */
export async function companyBalances(
  db: DbOrTx,
  companyIds: string[],
): Promise<Map<string, CompanyBalance>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db
    .select({
      companyId: orders.companyId,
      outstanding: sql<string>`coalesce(sum(${owedCents}) filter (where ${openOnTerms}), 0)`,
      overdue: sql<string>`coalesce(sum(${owedCents}) filter (where ${openOnTerms}
        and ${pastDueSql}), 0)`,
      orders: sql<string>`count(*)`,
    })
    .from(orders)
    .where(inArray(orders.companyId, companyIds))
    .groupBy(orders.companyId);
  return new Map(
    rows.map((r) => [
      r.companyId!,
      {
        outstandingCents: Number(r.outstanding),
        overdueCents: Number(r.overdue),
        orders: Number(r.orders),
      },
    ]),
  );
}

/**
 * What every company owes on its invoices on terms now (the sales overview): the outstanding
 * amount and how many invoices, and of those the ones past their due date.
 */
export async function receivables(db: DbOrTx) {
  const [row] = await db
    .select({
      outstanding: sql<string>`coalesce(sum(${owedCents}), 0)`,
      overdue: sql<string>`coalesce(sum(${owedCents}) filter (where ${pastDueSql}), 0)`,
      open: sql<string>`count(*)`,
      late: sql<string>`count(*) filter (where ${pastDueSql})`,
    })
    .from(orders)
    .where(openInvoiceSql);
  return {
    outstandingCents: Number(row?.outstanding ?? 0),
    overdueCents: Number(row?.overdue ?? 0),
    openInvoices: Number(row?.open ?? 0),
    overdueInvoices: Number(row?.late ?? 0),
  };
}

/** What one company owes on terms now (see CompanyBalance.outstandingCents). */
export async function outstandingCents(db: DbOrTx, companyId: string): Promise<number> {
  const [row] = await db
    .select({ value: sql<string>`coalesce(sum(${owedCents}), 0)` })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), openOnTerms));
  return Number(row?.value ?? 0);
}

/** A company's latest orders (the shop admin's company page). */
export async function latestCompanyOrders(db: DbOrTx, companyId: string, limit = 20) {
  return db
    .select({
      id: orders.id,
      number: orders.number,
      userEmail: orders.userEmail,
      totalCents: orders.totalCents,
      paid: orders.paid,
      paymentMethod: orders.paymentMethod,
      approval: orders.approval,
      invoiceNumber: orders.invoiceNumber,
      dueDate: orders.dueDate,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.companyId, companyId))
    .orderBy(sql`${orders.createdAt} desc`)
    .limit(limit);
}
