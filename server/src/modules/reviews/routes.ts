import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddReviewBody,
  AdminReviewList,
  ApiError,
  DeleteAnswer,
  IdParams,
  InsertedAnswer,
  ModifiedAnswer,
  PART_HEADERS,
  ReviewList,
  ReviewVisibilityBody,
} from '@partsmith/contract';
import { reviews, type ReviewRow } from '../../db/schema/reviews.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { recordAudit } from '../audit/service.ts';
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

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createReviewsRepository(app.db);

  app.get(
    '/reviews',
    {
      config: { access: 'public' },
      schema: {
        tags: ['reviews'],
        summary: 'The newest customer reviews (not those an admin hid)',
        response: { 200: ReviewList },
      },
    },
    async () => repo.latest(),
  );

  app.post(
    '/addReview',
    {
      config: { access: 'verified', limit: 'review' },
      schema: {
        tags: ['reviews'],
        summary: 'Leave a review (the author is the signed-in user; upload the image first)',
        body: AddReviewBody,
        response: { 200: InsertedAnswer, 422: ApiError },
      },
    },
    async (request) => {
      // The author is the account: a name sent in the body is not read.
      const { rating, type, image } = request.body;
      const name = request.user!.name;
      if (image.startsWith('/uploads/') && !(await app.images.has(image))) {
        throw new HttpError(422, 'Upload an image first.');
      }
      const [row] = await app.db
        .insert(reviews)
        .values({ name, rating, type, image, userId: request.user!.id })
        .returning({ id: reviews.id });
      return { acknowledged: true as const, insertedId: row!.id };
    },
  );

  // Moderation (admins). GET /api/reviews is not cached on the server (nor by the catalogue's
  // cache), so a hide or a delete shows on the next read.
  app.get(
    '/allReviews',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The newest 200 reviews, hidden ones too, with their authors (X-Total-Count)',
        response: { 200: AdminReviewList },
      },
    },
    async (_request, reply) => {
      const [list, total] = await Promise.all([repo.listForAdmins(), repo.count()]);
      reply.header(PART_HEADERS.total, String(total));
      return list;
    },
  );

  app.patch(
    '/reviews/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Hide a review from the home page, or show it again',
        params: IdParams,
        body: ReviewVisibilityBody,
        response: { 200: ModifiedAnswer, 404: ApiError },
      },
    },
    async (request) =>
      app.db.transaction(async (tx) => {
        const inTx = createReviewsRepository(tx);
        const { hidden } = request.body;
        const before = await inTx.lock(request.params.id);
        if (!before) throw notFound('We could not find that review.');
        if ((before.hiddenAt !== null) === hidden) {
          return { acknowledged: true as const, modifiedCount: 0 };
        }
        await inTx.setHidden(before.id, hidden);
        await recordAudit(tx, request.user!, {
          action: hidden ? 'review.hide' : 'review.show',
          targetId: before.id,
          summary: `${hidden ? 'Hid' : 'Showed again'} ${byWhom(before)}`,
          before: { hidden: !hidden },
          after: { hidden },
        });
        return { acknowledged: true as const, modifiedCount: 1 };
      }),
  );

  app.delete(
    '/reviews/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Delete a review for good',
        params: IdParams,
        response: { 200: DeleteAnswer, 404: ApiError },
      },
    },
    async (request) =>
      app.db.transaction(async (tx) => {
        const before = await createReviewsRepository(tx).remove(request.params.id);
        if (!before) throw notFound('We could not find that review.');
        await recordAudit(tx, request.user!, {
          action: 'review.delete',
          targetId: before.id,
          summary: `Deleted ${byWhom(before)}`,
          before: auditCopy(before),
        });
        return { acknowledged: true as const, deletedCount: 1 };
      }),
  );
};
