import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@partsmith/contract';
import { AdminReviewsPage, AdminReviewsQuery } from '@partsmith/contract/admin-lists';
import { listAdminReviews } from './admin-list.ts';

/** Manage Reviews' table (issue 48), beside GET /api/allReviews, which keeps its answer. */
export const reviewsAdminListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/reviews',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Manage Reviews: every review, hidden ones too, a page at a time',
        description:
          "Newest first unless `sort` says otherwise; `nextCursor` (null on the last page) gives the next page of the same query. `q` finds reviews with every word of it in the reviewer's name or the review; `hidden` keeps the hidden ones or the shown ones. `total` counts every review the query finds. A cursor the server did not make, or made for another sort, is a 400.",
        querystring: AdminReviewsQuery,
        response: { 200: AdminReviewsPage, 400: ApiError },
      },
    },
    async (request) => listAdminReviews(app.db, request.query),
  );
};
