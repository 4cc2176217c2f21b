import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminCheck, ApiError, EmailParams, TokenAnswer } from '@partsmith/contract';
import { HttpError } from '../../lib/http-errors.ts';
import { findUserByEmail } from './service.ts';

const forbidden = () => new HttpError(403, 'You may only ask about your own account.');

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
    async (request) => {
      const me = request.user!;
      const { email } = request.params;
      if (email === me.email) return { admin: me.role === 'admin' };
      if (me.role !== 'admin') throw forbidden();
      const user = await findUserByEmail(app.db, email);
      return { admin: user?.role === 'admin' };
    },
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
      if (request.params.email !== request.user!.email) throw forbidden();
      // Signed: the bare token is no Bearer token (auth/auth.ts, requireSignature).
      return { token: app.bearerToken(request)! };
    },
  );
};
