import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Health, Ready } from '@partsmith/contract';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      config: { access: 'public' },
      logLevel: 'warn',
      schema: { tags: ['health'], summary: 'The process is up', response: { 200: Health } },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      config: { access: 'public' },
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        summary: 'The shop can serve: its database answers',
        response: { 200: Ready, 503: Ready },
      },
    },
    async (_request, reply) => {
      const database = await app.database.ping();
      return reply
        .status(database ? 200 : 503)
        .send({ status: database ? ('ready' as const) : ('unavailable' as const), database });
    },
  );
};
