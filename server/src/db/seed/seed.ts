import { count } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { parts, reviews } from '../schema/index.ts';
import { DEMO_PARTS, DEMO_REVIEWS } from './demo-catalogue.ts';
import { insertParts, insertReviews } from './factories.ts';

/** Seeds the demo catalogue and reviews, only into an empty shop. Answers what it inserted. */
export async function seedDemo(db: Db): Promise<{ parts: number; reviews: number }> {
  return db.transaction(async (tx) => {
    const [{ value: existing } = { value: 0 }] = await tx.select({ value: count() }).from(parts);
    if (existing > 0) return { parts: 0, reviews: 0 };
    const insertedParts = await insertParts(tx, DEMO_PARTS);
    const [{ value: existingReviews } = { value: 0 }] = await tx
      .select({ value: count() })
      .from(reviews);
    const insertedReviews = existingReviews > 0 ? [] : await insertReviews(tx, DEMO_REVIEWS);
    return { parts: insertedParts.length, reviews: insertedReviews.length };
  });
}
