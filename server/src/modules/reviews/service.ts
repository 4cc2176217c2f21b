import type { AddReviewBody } from '@partsmith/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { reviews, type ReviewRow } from '../../db/schema/reviews.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { recordAudit, type Actor } from '../audit/service.ts';
import { createReviewsRepository } from './repository.ts';

/** What the audit log keeps of a review. */
const auditCopy = (row: ReviewRow) => ({
  name: row.name,
  rating: row.rating,
  type: row.type,
  image: row.image,
  userId: row.userId,
  createdAt: row.createdAt.toISOString(),
  hidden: row.hiddenAt !== null,
});

const byWhom = (row: ReviewRow) => `the review by ${row.name} (${row.rating}/5)`;

/** Customers' reviews and their moderation; every moderation is audited in its transaction. */
export function createReviewsService(deps: {
  db: Db;
  /** Whether the image store holds an uploaded image. */
  hasImage: (url: string) => Promise<boolean>;
}) {
  const { db } = deps;
  const repo = createReviewsRepository(db);
  return {
    latest: () => repo.latest(),

    /** Adds a review by `author` (the account: a name sent in the body is not read). */
    async add(author: { id: string; name: string }, body: z.output<typeof AddReviewBody>) {
      const { rating, type, image } = body;
      if (image.startsWith('/uploads/') && !(await deps.hasImage(image))) {
        throw new HttpError(422, 'Upload an image first.');
      }
      const [row] = await db
        .insert(reviews)
        .values({ name: author.name, rating, type, image, userId: author.id })
        .returning({ id: reviews.id });
      return { acknowledged: true as const, insertedId: row!.id };
    },

    /** The newest reviews with their authors (admins), and how many there are in all. */
    async listForAdmins() {
      const [list, total] = await Promise.all([repo.listForAdmins(), repo.count()]);
      return { list, total };
    },

    /** Hides a review from the home page or shows it again (nothing to do: modifiedCount 0). */
    setHidden: (id: string, hidden: boolean, admin: Actor) =>
      db.transaction(async (tx) => {
        const inTx = createReviewsRepository(tx);
        const before = await inTx.lock(id);
        if (!before) throw notFound('We could not find that review.');
        if ((before.hiddenAt !== null) === hidden) {
          return { acknowledged: true as const, modifiedCount: 0 };
        }
        await inTx.setHidden(before.id, hidden);
        await recordAudit(tx, admin, {
          action: hidden ? 'review.hide' : 'review.show',
          targetId: before.id,
          summary: `${hidden ? 'Hid' : 'Showed again'} ${byWhom(before)}`,
          before: { hidden: !hidden },
          after: { hidden },
        });
        return { acknowledged: true as const, modifiedCount: 1 };
      }),

    /** Deletes a review for good. */
    remove: (id: string, admin: Actor) =>
      db.transaction(async (tx) => {
        const before = await createReviewsRepository(tx).remove(id);
        if (!before) throw notFound('We could not find that review.');
        await recordAudit(tx, admin, {
          action: 'review.delete',
          targetId: before.id,
          summary: `Deleted ${byWhom(before)}`,
          before: auditCopy(before),
        });
        return { acknowledged: true as const, deletedCount: 1 };
      }),
  };
}
