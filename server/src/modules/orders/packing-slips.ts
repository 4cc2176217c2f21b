import { PACKING_SLIPS_MOST } from '@partsmith/contract/admin-lists';
import type { DbOrTx } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import type { PackingSlip } from '../invoices/packing-slip.ts';
import { adminOrdersFilter } from './admin-list.ts';
import { packingSlipOf } from './documents.ts';
import { linesOfOrders } from './reading.ts';

/**
 * The packing slips of the orders to ship (Manage Orders' `to-ship`), the longest waiting first,
 * at most `most`: two statements, the orders and their lines.
 */
export async function slipsToShip(db: DbOrTx, most = PACKING_SLIPS_MOST): Promise<PackingSlip[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(adminOrdersFilter({ status: 'to-ship' }))
    .orderBy(orders.createdAt, orders.seq)
    .limit(most);
  const lines = await linesOfOrders(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => packingSlipOf(row, lines.get(row.id) ?? []));
}
