import type { DbOrTx } from '../src/db/client.ts';
import { orderLines, orders, type OrderRow } from '../src/db/schema/orders.ts';

type OrderInsert = Omit<typeof orders.$inferInsert, 'totalCents'>;

/**
 * Writes orders straight into the database (figures, old orders, odd states) as a purchase
 * would: each with its total and its one line, so restocks and the sales figures read them.
 */
export async function insertOrders(
  db: DbOrTx,
  given: OrderInsert | OrderInsert[],
): Promise<OrderRow[]> {
  const values = (Array.isArray(given) ? given : [given]).map((row) => ({
    ...row,
    totalCents: row.unitPriceCents * row.quantity,
  }));
  const rows = await db.insert(orders).values(values).returning();
  if (rows.length > 0) {
    await db.insert(orderLines).values(
      rows.map((row) => ({
        orderId: row.id,
        position: 0,
        partId: row.partId,
        name: row.name,
        image: row.image,
        unitPriceCents: row.unitPriceCents,
        quantity: row.quantity,
      })),
    );
  }
  return rows;
}
