import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema/orders.ts';
import { HttpError } from '../../lib/http-errors.ts';

/** What a purchase or a checkout answers (and an Idempotency-Key replays). */
export type Answer = { statusCode: number; body: { acknowledged: true; insertedId: string } };

/**
 * Runs `place` under an idempotency key: the same key (for the same buyer and body) makes one
 * order and answers the same every time; the key is stored in the same transaction as the
 * order. Answers the order `place` made, or the answer an earlier request with the key got.
 */
export async function underIdempotencyKey<Placed extends { id: string }>(
  db: Db,
  buyerId: string,
  idempotencyKey: string,
  input: unknown,
  what: 'purchase' | 'checkout',
  place: (tx: DbOrTx) => Promise<Placed>,
): Promise<{ answer: Answer } | { order: Placed }> {
  const requestHash = createHash('sha256')
    .update(what === 'purchase' ? JSON.stringify(input) : `checkout:${JSON.stringify(input)}`)
    .digest('hex');
  return db.transaction(async (tx): Promise<{ answer: Answer } | { order: Placed }> => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userId: buyerId, key: idempotencyKey, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    const thisKey = and(
      eq(idempotencyKeys.userId, buyerId),
      eq(idempotencyKeys.key, idempotencyKey),
    );
    if (claimed.length === 0) {
      const [earlier] = await tx.select().from(idempotencyKeys).where(thisKey);
      if (earlier?.requestHash !== requestHash) {
        throw new HttpError(422, `This Idempotency-Key was already used for a different ${what}.`);
      }
      if (earlier.statusCode === null || earlier.response === null) {
        throw new HttpError(409, `This ${what} is still being processed. Please wait a moment.`);
      }
      return {
        answer: { statusCode: earlier.statusCode, body: earlier.response as Answer['body'] },
      };
    }
    const order = await place(tx);
    await tx
      .update(idempotencyKeys)
      .set({ statusCode: 200, response: { acknowledged: true, insertedId: order.id } })
      .where(thisKey);
    return { order };
  });
}
