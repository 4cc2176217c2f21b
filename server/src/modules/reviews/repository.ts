import { desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AdminReview, Review } from '@partsmith/contract';
import type { DbOrTx } from '../../db/client.ts';
import { reviews, type ReviewRow } from '../../db/schema/reviews.ts';
import { emailsByUserId } from '../users/service.ts';

export const REVIEWS_SHOWN = 30;
/** The admins' list: the newest this many (the home page shows far fewer). */
export const ADMIN_REVIEWS_SHOWN = 200;

export function toApiReview(row: ReviewRow): Review {
  return { _id: row.id, name: row.name, image: row.image, type: row.type, rating: row.rating };
}

export function createReviewsRepository(db: DbOrTx) {
  return {
    /** The newest reviews an admin has not hidden, for the home page's slider. */
    async latest(limit = REVIEWS_SHOWN): Promise<Review[]> {
      const rows = await db
        .select()
        .from(reviews)
        .where(isNull(reviews.hiddenAt))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(limit);
      return rows.map(toApiReview);
    },

    /** The newest reviews, hidden ones too, with their authors' e-mails (admins). */
    async listForAdmins(limit = ADMIN_REVIEWS_SHOWN): Promise<AdminReview[]> {
      const rows = await db
        .select()
        .from(reviews)
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(limit);
      // The authors' e-mails come from the users module (null for a deleted account).
      const emails = await emailsByUserId(
        db,
        rows.flatMap((r) => (r.userId ? [r.userId] : [])),
      );
      return rows.map((review) => ({
        ...toApiReview(review),
        hidden: review.hiddenAt !== null,
        authorEmail: review.userId ? (emails.get(review.userId) ?? null) : null,
        createdAt: review.createdAt.toISOString(),
      }));
    },

    count: () => db.$count(reviews),

    /** The review, locked until the transaction ends (call it in one). */
    async lock(id: string): Promise<ReviewRow | undefined> {
      const [row] = await db.select().from(reviews).where(eq(reviews.id, id)).for('update');
      return row;
    },

    async setHidden(id: string, hidden: boolean) {
      await db
        .update(reviews)
        .set({ hiddenAt: hidden ? new Date() : null })
        .where(eq(reviews.id, id));
    },

    /** Deletes it; answers the row as it was, or undefined when there was none. */
    async remove(id: string): Promise<ReviewRow | undefined> {
      const [row] = await db.delete(reviews).where(eq(reviews.id, id)).returning();
      return row;
    },
  };
}

/** Every review's image URL (hidden ones too), as a subquery for the uploads still in use. */
export const reviewImageUrls = (): SQL => sql`select ${reviews.image} as url from ${reviews}`;
