import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { connectRedis } from '../lib/redis.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** REDIS_URL's client, or null: the database keeps the shared counters then. */
    redis: Redis | null;
  }
}

/** Redis when REDIS_URL is set (shared rate-limit counters), disconnected when the app closes. */
export const redis = fp(async function redis(app: FastifyInstance) {
  const { redisUrl, redisKeyPrefix } = app.config;
  const client = redisUrl ? await connectRedis(redisUrl, redisKeyPrefix, app.log) : null;
  app.decorate('redis', client);
  if (client)
    app.addHook('onClose', () =>
      client.quit().then(
        () => undefined,
        () => client.disconnect(),
      ),
    );
});
