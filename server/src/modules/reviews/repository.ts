import { desc } from 'drizzle-orm';
import type { Review } from '@partsmith/contract';
import type { DbOrTx } from '../../db/client.ts';
import { reviews, type ReviewRow } from '../../db/schema/index.ts';

export const REVIEWS_SHOWN = 30;

export function toApiReview(row: ReviewRow): Review {
  return { _id: row.id, name: row.name, image: row.image, type: row.type, rating: row.rating };
}

export function createReviewsRepository(db: DbOrTx) {
  return {
    /** The newest reviews, for the home page's slider. */
    async latest(limit = REVIEWS_SHOWN): Promise<Review[]> {
      const rows = await db
        .select()
        .from(reviews)
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(limit);
      return rows.map(toApiReview);
    },
  };
}
