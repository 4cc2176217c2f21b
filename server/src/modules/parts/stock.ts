import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { parts } from '../../db/schema/parts.ts';

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

/**
 * The purchase's stock step, for the orders module's one-statement purchase: an UPDATE that takes
 * `quantity` from a listed part when the part's rules allow it (and `also`, the caller's own
 * condition, holds), returning what the order copies. The check and the decrement are one step,
 * so stock never goes below zero whatever runs beside it. The values may be placeholders.
 */
export function takeStockStatement(input: {
  partId: Placeholder | SQL;
  quantity: Placeholder | SQL;
  also?: SQL;
}): SQL {
  return sql`update ${parts}
    set available_quantity = available_quantity - ${input.quantity}, updated_at = now()
    where id = ${input.partId} and deleted_at is null
      and available_quantity >= ${input.quantity}
      and min_order_quantity <= ${input.quantity}
      ${input.also ?? sql``}
    returning id, name, image, description, price_cents, available_quantity`;
}
