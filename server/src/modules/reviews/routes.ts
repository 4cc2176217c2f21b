import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AddReviewBody, ApiError, InsertedAnswer, ReviewList } from '@partsmith/contract';
import { reviews } from '../../db/schema/index.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { createReviewsRepository } from './repository.ts';

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createReviewsRepository(app.db);

  app.get(
    '/reviews',
    {
      config: { access: 'public' },
      schema: {
        tags: ['reviews'],
        summary: 'The newest customer reviews',
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
        response: {
          200: InsertedAnswer,
          400: ApiError,
          401: ApiError,
          403: ApiError,
          422: ApiError,
          429: ApiError,
        },
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
};
