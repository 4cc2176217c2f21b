import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { parts } from '../../db/schema/index.ts';

/**
 * Puts an order line's quantity back in its part's stock, inside the caller's transaction: the
 * one restock every flow that gives stock back uses (an unpaid order deleted or expired). A
 * line whose part is gone (partId null) has nothing to give back.
 */
export async function restock(tx: DbOrTx, line: { partId: string | null; quantity: number }) {
  if (!line.partId) return;
  await tx
    .update(parts)
    .set({
      availableQuantity: sql`${parts.availableQuantity} + ${line.quantity}`,
      updatedAt: new Date(),
    })
    .where(eq(parts.id, line.partId));
}
