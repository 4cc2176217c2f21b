import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@partsmith/contract';
import { AdminUsersPage, AdminUsersQuery } from '@partsmith/contract/admin-lists';
import { listAdminUsers } from './admin-list.ts';

/** The admins' users table (issue 48), beside GET /api/users, which keeps its answer. */
export const usersAdminListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/users',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The users table: every account, a page at a time, searched and filtered',
        description:
          'Newest first unless `sort` says otherwise; `nextCursor` (null on the last page) gives the next page of the same query. `q` finds accounts with every word of it in the e-mail or the name; `role` keeps admins or customers. `total` counts every account the query finds. A cursor the server did not make, or made for another sort, is a 400.',
        querystring: AdminUsersQuery,
        response: { 200: AdminUsersPage, 400: ApiError },
      },
    },
    async (request) => listAdminUsers(app.db, request.query),
  );
};
