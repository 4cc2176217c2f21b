import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Health, Ready } from '@partsmith/contract';
import { pingRedis } from '../../lib/redis.ts';

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
        description:
          'With REDIS_URL, `redis` tells whether Redis answers. It does not make the shop unready: without Redis only signing in and account changes are refused (503).',
        response: { 200: Ready, 503: Ready },
      },
    },
    async (_request, reply) => {
      const [database, redis] = await Promise.all([
        app.database.ping(),
        app.redis ? pingRedis(app.redis) : undefined,
      ]);
      return reply.status(database ? 200 : 503).send({
        status: database ? ('ready' as const) : ('unavailable' as const),
        database,
        ...(redis === undefined ? {} : { redis }),
      });
    },
  );
};
