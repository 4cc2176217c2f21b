import type { AdminWaiting } from '@partsmith/contract';
import type { DbOrTx } from '../../db/client.ts';
import { countNewMessages } from '../contact/service.ts';
import { countOrdersToShip } from '../orders/sales.ts';
import { receivables } from '../orders/terms.ts';
import { countPartsBelowThreshold } from '../parts/stock.ts';
import { countQuotesToAnswer } from '../quotes/service.ts';

/**
 * What waits for the shop's staff now, each counted with the filter of the list the dashboard
 * links it to, so that the number and the list agree: five small statements side by side.
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
