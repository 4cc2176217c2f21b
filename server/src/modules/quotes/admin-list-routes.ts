import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@partsmith/contract';
import { AdminQuotesPage, AdminQuotesQuery } from '@partsmith/contract/admin-lists';
import { listAdminQuotes } from './admin-list.ts';

/** The admins' quotes table (issue 48). */
export const quotesAdminListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/quotes',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The quotes table: every quote, a page at a time, searched and filtered',
        description:
          "Newest first unless `sort` says otherwise; `nextCursor` (null on the last page) gives the next page of the same query. `q` finds quotes with every word of it in the quote number (Q-000123), the buyer's e-mail or name, or the name of a part asked about; `state` is requested, answered, accepted or expired. `total` counts every quote the query finds. A cursor the server did not make, or made for another sort, is a 400.",
        querystring: AdminQuotesQuery,
        response: { 200: AdminQuotesPage, 400: ApiError },
      },
    },
    async (request) => listAdminQuotes(app.db, request.query),
  );
};
