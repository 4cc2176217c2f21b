import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminListQuery,
  ApiError,
  DeleteAnswer,
  EmailParams,
  IdParams,
  ModifiedAnswer,
  PART_HEADERS,
  UserList,
} from '@partsmith/contract';
import { deleteUser, listUsers, makeAdmin } from './service.ts';

export const usersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Every account, a page at a time (X-Total-Count, X-Next-Cursor)',
        querystring: AdminListQuery,
        response: { 200: UserList },
      },
    },
    async (request, reply) => {
      const { users, total, nextCursor } = await listUsers(app.db, request.query);
      reply.header(PART_HEADERS.total, String(total));
      if (nextCursor) reply.header(PART_HEADERS.nextCursor, nextCursor);
      return users;
    },
  );

  app.put(
    '/users/admin/:email',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Make an account an administrator (its sessions end at once)',
        params: EmailParams,
        response: { 200: ModifiedAnswer, 404: ApiError },
      },
    },
    async (request) => ({
      acknowledged: true as const,
      modifiedCount: await makeAdmin(app.db, request.params.email, request.user!),
    }),
  );

  app.delete(
    '/user/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Delete an account (never the last administrator); its sessions end at once',
        params: IdParams,
        response: { 200: DeleteAnswer, 404: ApiError, 409: ApiError },
      },
    },
    async (request) => {
      await deleteUser(app.db, request.params.id, request.user!);
      return { acknowledged: true as const, deletedCount: 1 };
    },
  );
};
