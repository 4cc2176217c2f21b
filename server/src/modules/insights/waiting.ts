import type { AdminWaiting, CustomerWaiting } from '@partsmith/contract';
import type { DbOrTx } from '../../db/client.ts';
import { countNewMessages } from '../contact/service.ts';
import { countOrdersToShip } from '../orders/sales.ts';
import { buyerOrdersWaiting, countOrdersToApprove } from '../orders/waiting.ts';
import { receivables } from '../orders/terms.ts';
import { countPartsBelowThreshold } from '../parts/stock.ts';
import { countQuotesToAccept, countQuotesToAnswer } from '../quotes/service.ts';

/**
 * What waits for the shop's staff now, each counted with the filter of the list the dashboard
 * links it to, so that the number and the list agree: six small statements side by side (the
 * orders to ship are counted in two parts, each from its own index).
 */
export async function waitingWork(db: DbOrTx): Promise<AdminWaiting> {
  const [ordersToShip, quotesToAnswer, newMessages, owed, lowStockParts] = await Promise.all([
    countOrdersToShip(db),
    countQuotesToAnswer(db),
    countNewMessages(db),
    receivables(db),
    countPartsBelowThreshold(db),
  ]);
  return {
    ordersToShip,
    quotesToAnswer,
    newMessages,
    overdueInvoices: owed.overdueInvoices,
    lowStockParts,
  };
}

/**
 * What waits for a customer now (the dashboard's first screen for them): their orders to pay
 * and invoices on account, their quotes to accept, and, for whoever approves their company's
 * orders, those waiting for an approver. Three small statements side by side.
 */
export async function customerWaiting(db: DbOrTx, userId: string): Promise<CustomerWaiting> {
  const [own, quotesToAccept, ordersToApprove] = await Promise.all([
    buyerOrdersWaiting(db, userId),
    countQuotesToAccept(db, userId),
    countOrdersToApprove(db, userId),
  ]);
  return { ...own, quotesToAccept, ordersToApprove };
}
