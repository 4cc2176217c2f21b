import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Config } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../src/lib/rate-limit-rules.ts';
import { WindowStore, windowBackend } from '../src/lib/rate-limit-store.ts';
import { errorHandler } from '../src/plugins/error-handler.ts';
import { limits } from '../src/plugins/limits.ts';
import { DB_KINDS, openTestDatabase } from './helpers.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/1';

const RULES: RateLimits = {
  ...DEFAULT_RATE_LIMITS,
  contact: { per: 'ip', max: 2, windowSeconds: 600 },
  purchase: { per: 'user', max: 3, windowSeconds: 600 },
};

/** The limits plugin alone, with the error handler, on `db` or `redis`. */
async function limitedApp(database: Database, redis: Redis | null): Promise<FastifyInstance> {
  const app = Fastify();
  app.decorate('db', database.db);
  app.decorate('redis', redis);
  app.decorate('config', { rateLimits: RULES } as Config);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const id = request.headers['x-user'];
    if (typeof id === 'string')
      request.user = {
        id,
        email: `${id}@example.com`,
        name: id,
        role: 'customer',
        emailVerified: true,
      };
  });
  await app.register(errorHandler);
  await app.register(limits);
  const body = {
    type: 'object',
    required: ['text'],
    properties: { text: { type: 'string', minLength: 1 } },
  };
  app.post('/contact', { config: { limit: 'contact' }, schema: { body } }, async () => ({}));
  app.post('/purchase', { config: { limit: 'purchase' } }, async () => ({}));
  app.post('/checkout', { config: { limit: 'purchase' } }, async () => ({}));
  app.post('/free', async () => ({}));
  await app.ready();
  return app;
}

const post = (app: FastifyInstance, url: string, ip: string, user?: string, text = 'hi') =>
  app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    payload: { text },
    headers: user ? { 'x-user': user } : {},
  });

describe.each(DB_KINDS)('rate limits through @fastify/rate-limit on %s', (kind) => {
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await limitedApp(database, null);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  afterEach(() => vi.restoreAllMocks());

  it("counts a route's valid calls per address and answers the shop's 429", async () => {
    const ip = '198.51.100.1';
    for (let i = 0; i < 3; i++)
      expect((await post(app, '/contact', ip, undefined, '')).statusCode).toBe(400);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await post(app, '/contact', ip)).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
    const refused = await post(app, '/contact', ip);
    expect(refused.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'You have sent several messages in a short time. Please try again in 10 minutes.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(590);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);
    const ok = await post(app, '/contact', '198.51.100.2');
    expect(ok.statusCode).toBe(200);
    for (const answer of [refused, ok])
      expect(Object.keys(answer.headers).filter((h) => h.startsWith('x-ratelimit'))).toEqual([]);
    expect((await post(app, '/free', ip)).statusCode).toBe(200);
  });

  it('counts every route of one limit together, per account (per address without one)', async () => {
    const ip = '198.51.100.3';
    const statuses = [];
    for (const url of ['/purchase', '/checkout', '/purchase', '/checkout'])
      statuses.push((await post(app, url, ip, 'ann')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await post(app, '/purchase', ip, 'bob')).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await post(app, '/purchase', ip)).statusCode).toBe(200);
    expect((await post(app, '/purchase', ip)).statusCode).toBe(429);
  });

  it('keeps the mail limits for other subjects through takeLimit', async () => {
    for (let i = 0; i < 3; i++) await app.takeLimit('reset-mail', 'email:x@example.com');
    await expect(app.takeLimit('reset-mail', 'email:x@example.com')).rejects.toMatchObject({
      statusCode: 429,
      message:
        'We have sent several password reset links to this address already. Please try again in 15 minutes.',
      headers: { 'retry-after': '900' },
    });
  });

  it('keeps fixed windows in the database: refused hits do not extend them', async () => {
    const store = new WindowStore(windowBackend(database.db, null));
    const start = Date.now();
    const now = vi.spyOn(Date, 'now').mockReturnValue(start);
    expect(await store.hit('window', 60)).toEqual({ count: 1, secondsLeft: 60 });
    now.mockReturnValue(start + 59_500);
    expect(await store.hit('window', 60)).toEqual({ count: 2, secondsLeft: 1 });
    now.mockReturnValue(start + 60_000);
    expect(await store.hit('window', 60)).toEqual({ count: 1, secondsLeft: 60 });
    const incr = await new Promise((resolve, reject) =>
      store.incr('window', (error, result) => (error ? reject(error) : resolve(result)), 60_000),
    );
    expect(incr).toEqual({ current: 2, ttl: 60_000 });
    expect(store.child()).toBe(store);
  });

  it('keeps the windows in an unlogged table, whose commits wait for no WAL flush', async () => {
    const result = await database.db.execute(
      sql`select relpersistence as persistence from pg_class where oid = 'rate_limits'::regclass`,
    );
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([{ persistence: 'u' }]);
  });

  it('releases never below zero, and resets', async () => {
    const store = new WindowStore(windowBackend(database.db, null));
    await store.hit('give-back', 60);
    await store.release('give-back');
    await store.release('give-back');
    expect((await store.hit('give-back', 60)).count).toBe(1);
    await store.reset('give-back');
    expect((await store.hit('give-back', 60)).count).toBe(1);
  });
});

describe('the rate-limit store in Redis', () => {
  const prefix = `partsmith-test-${randomBytes(4).toString('hex')}:`;
  let redis: Redis;
  let store: WindowStore;
  beforeAll(() => {
    redis = new Redis(REDIS_URL, { keyPrefix: prefix });
    // The database is never reached with Redis.
    store = new WindowStore(windowBackend(null as never, redis));
  });
  afterAll(async () => {
    await redis.del('a');
    redis.disconnect();
  });

  it('counts in fixed windows, releases never below zero, and resets', async () => {
    expect(await store.hit('a', 1)).toEqual({ count: 1, secondsLeft: 1 });
    expect((await store.hit('a', 1)).count).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await store.hit('a', 1)).count).toBe(1);
    await store.release('a');
    await store.release('a');
    expect(await redis.get('a')).toBe('0');
    await store.reset('a');
    expect(await redis.exists('a')).toBe(0);
  });
});
