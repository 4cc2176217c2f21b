import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminCheck, ApiError, EmailParams, TokenAnswer } from '@partsmith/contract';
import { isAdmin, refuseOtherAccount } from './service.ts';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/:email',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary: 'Whether an account is an administrator (your own; admins may ask about anyone)',
        params: EmailParams,
        response: { 200: AdminCheck, 403: ApiError },
      },
    },
    async (request) => ({ admin: await isAdmin(app.db, request.user!, request.params.email) }),
  );

  app.put(
    '/user/:email',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary: "Your session's token, usable as `Authorization: Bearer <token>`",
        params: EmailParams,
        response: { 200: TokenAnswer, 403: ApiError },
      },
    },
    async (request) => {
      refuseOtherAccount(request.user!, request.params.email);
      // Signed: the bare token is no Bearer token (auth/auth.ts, requireSignature).
      return { token: app.bearerToken(request)! };
    },
  );
};
