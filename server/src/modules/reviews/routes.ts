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
import { createReviewsService } from './service.ts';

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const reviews = createReviewsService({ db: app.db, hasImage: (url) => app.images.has(url) });

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
    async () => reviews.latest(),
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
    // The author is the account: a name sent in the body is not read.
    async (request) => reviews.add(request.user!, request.body),
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
      const { list, total } = await reviews.listForAdmins();
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
    async (request) => reviews.setHidden(request.params.id, request.body.hidden, request.user!),
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
    async (request) => reviews.remove(request.params.id, request.user!),
  );
};
