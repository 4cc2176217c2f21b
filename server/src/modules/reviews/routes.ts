import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ReviewList } from '@partsmith/contract';
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
};
