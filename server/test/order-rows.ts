import type { DbOrTx } from '../src/db/client.ts';
import { orderLines, orders, type OrderRow } from '../src/db/schema/orders.ts';

/** A line of an order written by insertOrders: the order's own part, name and image by default. */
export interface LineInsert {
  partId?: string | null;
  sku?: string | null;
  name: string;
  image?: string;
  unitPriceCents: number;
  quantity: number;
}

type OrderInsert = Omit<typeof orders.$inferInsert, 'totalCents' | 'subtotalCents'> & {
  /** The order's lines (a checkout's); left out: one line, the order's own columns. */
  lines?: LineInsert[];
};

/**
 * Writes orders straight into the database (figures, old orders, odd states) as a purchase or a
 * checkout would: each with its lines (its own one, or `lines`), its subtotal (their sum) and its
 * total (the subtotal plus the `shippingCents` and `taxCents` given, 0 when left out, as the
 * orders' CHECK wants), so restocks, the sales figures and the documents read them.
 */
export async function insertOrders(
  db: DbOrTx,
  given: OrderInsert | OrderInsert[],
): Promise<OrderRow[]> {
  const list = Array.isArray(given) ? given : [given];
  const linesOf = list.map(
    ({ lines, ...row }): LineInsert[] =>
      lines ?? [
        {
          partId: row.partId ?? null,
          name: row.name,
          image: row.image,
          unitPriceCents: row.unitPriceCents,
          quantity: row.quantity,
        },
      ],
  );
  const values = list.map(({ lines: _lines, ...row }, i) => {
    const subtotalCents = linesOf[i]!.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
    return {
      ...row,
      lineCount: linesOf[i]!.length,
      subtotalCents,
      totalCents: subtotalCents + (row.shippingCents ?? 0) + (row.taxCents ?? 0),
    };
  });
  const rows = await db.insert(orders).values(values).returning();
  const lines = rows.flatMap((row, i) =>
    linesOf[i]!.map((line, position) => ({
      orderId: row.id,
      position,
      partId: line.partId === undefined ? row.partId : line.partId,
      sku: line.sku ?? null,
      name: line.name,
      image: line.image ?? row.image,
      unitPriceCents: line.unitPriceCents,
      quantity: line.quantity,
    })),
  );
  if (lines.length > 0) await db.insert(orderLines).values(lines);
  return rows;
}
