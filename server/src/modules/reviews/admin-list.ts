import { and, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminReview } from '@partsmith/contract';
import type {
  ADMIN_REVIEW_SORTS,
  AdminPage,
  AdminReviewsQuery,
} from '@partsmith/contract/admin-lists';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern, keysetPage, searchWords, type KeysetSort } from '../../db/keyset.ts';
import { reviews } from '../../db/schema/reviews.ts';
import { emailsByUserId } from '../users/service.ts';
import { toApiReview } from './repository.ts';

type Query = z.output<typeof AdminReviewsQuery>;

const id = { expr: reviews.id, kind: 'uuid' } as const;
const created = { expr: reviews.createdAt, kind: 'time' } as const;
const rating = { expr: reviews.rating, kind: 'int' } as const;

/**
 * The reviews table's sorts, each ending with the review's id (unique): by time on
 * reviews_created_id_idx; by rating, then by time.
 */
export const ADMIN_REVIEW_SORT: Record<(typeof ADMIN_REVIEW_SORTS)[number], KeysetSort> = {
  newest: { name: 'newest', keys: [created, id], descending: true },
  oldest: { name: 'oldest', keys: [created, id], descending: false },
  'rating-desc': { name: 'rating-desc', keys: [rating, created, id], descending: true },
  'rating-asc': { name: 'rating-asc', keys: [rating, created, id], descending: false },
};

/** The reviews a query finds: every word of `q` in the reviewer's name or the review; hidden. */
export function adminReviewsFilter(q: Query): SQL | undefined {
  const where: SQL[] = [];
  for (const word of searchWords(q.q)) {
    const pattern = containsPattern(word);
    where.push(sql`(${reviews.name} ilike ${pattern} or ${reviews.type} ilike ${pattern})`);
  }
  if (q.hidden !== undefined)
    where.push(q.hidden ? sql`${reviews.hiddenAt} is not null` : sql`${reviews.hiddenAt} is null`);
  return where.length > 0 ? and(...where) : undefined;
}

/** A page of Manage Reviews, with the authors' e-mails, and how many reviews the query finds. */
export async function listAdminReviews(db: DbOrTx, q: Query): Promise<AdminPage<AdminReview>> {
  const keyset = keysetPage(ADMIN_REVIEW_SORT[q.sort], q.cursor, q.limit);
  const filter = adminReviewsFilter(q);
  const [rows, total] = await Promise.all([
    db
      .select({ review: reviews, keysetKeys: keyset.keys })
      .from(reviews)
      .where(and(filter, keyset.where))
      .orderBy(...keyset.orderBy)
      .limit(keyset.limit),
    db.$count(reviews, filter),
  ]);
  const page = keyset.page(rows);
  // The authors' e-mails come from the users module (null for a deleted account).
  const emails = await emailsByUserId(
    db,
    page.rows.flatMap(({ review }) => (review.userId ? [review.userId] : [])),
  );
  return {
    items: page.rows.map(({ review }) => ({
      ...toApiReview(review),
      hidden: review.hiddenAt !== null,
      authorEmail: review.userId ? (emails.get(review.userId) ?? null) : null,
      createdAt: review.createdAt.toISOString(),
    })),
    nextCursor: page.nextCursor,
    total,
  };
}
