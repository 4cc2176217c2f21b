import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { formatUsd } from '../../lib/money.ts';
import { takeDocumentNumber } from './repository.ts';
import { outstandingCents } from './terms.ts';

/** What a company member's checkout adds to the order (issue 49), decided by the route. */
export interface BusinessCheckout {
  companyId: string;
  poNumber: string | null;
  payment: 'card' | 'invoice';
  /**
   * What the buyer may order at once without an approver (cents; null: any): an order whose
   * total, as the checkout prices it, is above it waits (`approval: "pending"`).
   */
  spendingLimitCents: number | null;
  /** An order on terms: the days until its invoice falls due, and the company's credit limit. */
  termsDays: number;
  creditLimitCents: number;
  /** The company's price list, whose prices the cart and the statement charge; null: none. */
  priceListId: string | null;
}

/** Whether an order of `totalCents` waits for the company's approver. */
export const approvalFor = (business: BusinessCheckout, totalCents: number) =>
  business.spendingLimitCents !== null && totalCents > business.spendingLimitCents
    ? ('pending' as const)
    : null;

/**
 * The buyer of a company's order: on terms or awaiting approval, exempt from the unpaid-order
 * count and value limits (the credit limit and the approval govern it).
 */
export const companyBuyer = <B extends object>(
  buyer: B,
  business: BusinessCheckout,
  approval: 'pending' | null,
): B =>
  business.payment === 'invoice' || approval === 'pending'
    ? { ...buyer, unpaidValueExempt: true, unpaidCountExempt: true }
    : buyer;

/** The 409 of an order on terms the credit limit cannot take, or null. */
export async function overCreditLimit(
  tx: DbOrTx,
  business: BusinessCheckout,
  orderCents: number,
): Promise<HttpError | null> {
  const owed = await outstandingCents(tx, business.companyId);
  if (owed + orderCents <= business.creditLimitCents) return null;
  return new HttpError(
    409,
    `This order (${formatUsd(orderCents)}) would take your company over its credit limit of ${formatUsd(business.creditLimitCents)}: ${formatUsd(owed)} is still owed on invoices, so ${formatUsd(Math.max(0, business.creditLimitCents - owed))} is available. Pay by card, or ask your company to settle an invoice first.`,
    {},
    { lines: [] },
  );
}

/**
 * Writes a company's checkout onto the order just placed (inside its transaction): its company,
 * PO number, payment and approval; an order on terms that needs no approval is invoiced at once
 * (the next invoice number, due after its terms).
 */
export async function applyBusinessTerms(
  tx: DbOrTx,
  orderId: string,
  business: BusinessCheckout,
  approval: 'pending' | null,
) {
  const invoiceNow = business.payment === 'invoice' && approval === null;
  await tx.execute(sql`
    with invoice as (${takeDocumentNumber('PS', sql`${invoiceNow}`)})
    update ${orders} set company_id = ${business.companyId}, po_number = ${business.poNumber},
      payment_method = ${business.payment}, approval = ${approval},
      invoice_number = (select number from invoice),
      due_date = case when ${invoiceNow} then current_date + ${business.termsDays}::int end
    where id = ${orderId}`);
}

/**
 * An approved order on terms gets its invoice (number and due date) now; a card order is left
 * for its buyer to pay.
 */
export async function invoiceApprovedOrder(tx: DbOrTx, orderId: string, termsDays: number) {
  await tx.execute(sql`
    with invoice as (${takeDocumentNumber(
      'PS',
      sql`exists (select 1 from ${orders} where id = ${orderId} and payment_method = 'invoice'
        and invoice_number is null)`,
    )})
    update ${orders} set invoice_number = (select number from invoice),
      due_date = current_date + ${termsDays}::int
    where id = ${orderId} and payment_method = 'invoice' and invoice_number is null`);
}
