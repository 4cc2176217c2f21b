import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { contactMessages, rateLimits, sessions } from '../src/db/schema/index.ts';
import { DB_KINDS, NO_LIMITS, buildTestApp, type TestApp } from './helpers.ts';
import { signUp } from './auth-helpers.ts';

/** The machine's Redis, logical database 1; every run writes under its own prefix. */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/1';

const signIn = (t: TestApp, email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    headers: { origin: t.config.publicUrl },
  });
const askReset = (t: TestApp, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    payload: { email, redirectTo: '/reset-password' },
    headers: { origin: t.config.publicUrl },
  });
const contact = (t: TestApp, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/contact',
    remoteAddress: ip,
    payload: { email: 'someone@example.com', subject: 'Hello', message: 'A question about RAM' },
    headers: { origin: t.config.publicUrl },
  });

describe.each(DB_KINDS)('counters in Redis (REDIS_URL) on %s', (kind) => {
  const prefix = `partsmith-test-${randomBytes(4).toString('hex')}:`;
  // The contact form held to 3 in 10 minutes; the shop's other limits lifted.
  const RATE_LIMITS = `${NO_LIMITS.RATE_LIMITS},contact=3/10m`;
  const env = { REDIS_URL, REDIS_KEY_PREFIX: prefix, RATE_LIMITS };
  let a: TestApp;
  let b: TestApp;
  let redis: Redis;
  beforeAll(async () => {
    a = await buildTestApp(kind, { env });
    b = await buildTestApp(kind, { env });
    redis = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    await a.close();
    await b.close();
  });

  it('reports Redis in readiness', async () => {
    const res = await a.app.inject('/api/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: true, redis: true });
  });

  it('counts the failed sign-ins of one account across instances', async () => {
    const email = 'shared-lock@example.com';
    await signUp(a, { email, password: 'the right password 1' });
    expect((await signIn(a, email, 'wrong password 1')).statusCode).toBe(401);
    expect((await signIn(b, email, 'wrong password 2')).statusCode).toBe(401);
    expect((await signIn(a, email, 'wrong password 3')).statusCode).toBe(401);
    expect(Number(await redis.get(`${prefix}sign-in-failures:${email}`))).toBe(3);
    const refused = await signIn(b, email, 'wrong password 4');
    expect(refused.statusCode).toBe(429);
    expect((await signIn(a, email, 'the right password 1')).statusCode).toBe(429);
    expect(await redis.pttl(`${prefix}sign-in-failures:${email}`)).toBeGreaterThan(0);
  });

  it("counts the free writes' limits across instances in Redis, through @fastify/rate-limit", async () => {
    const ip = '203.0.113.40';
    const statuses: number[] = [];
    for (const t of [a, b, a]) statuses.push((await contact(t, ip)).statusCode);
    const refused = await contact(b, ip);
    expect([...statuses, refused.statusCode]).toEqual([200, 200, 200, 429]);
    expect(refused.json().message).toBe(
      'You have sent several messages in a short time. Please try again in 10 minutes.',
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(590);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);
    expect(refused.headers['x-ratelimit-limit']).toBeUndefined();
    // A fixed window: the refused call counted, the window did not move.
    expect(Number(await redis.get(`${prefix}limit:contact:ip:${ip}`))).toBe(4);
    expect(await redis.pttl(`${prefix}limit:contact:ip:${ip}`)).toBeGreaterThan(590_000);
    expect((await contact(a, '203.0.113.41')).statusCode).toBe(200);
  });

  it("counts Better Auth's rate limits across instances, and keeps sessions in the database", async () => {
    // request-password-reset: 5 per 5 minutes per address.
    for (const t of [a, b, a, b, a])
      expect((await askReset(t, 'nobody@example.com')).statusCode).toBe(200);
    const sixth = await askReset(b, 'nobody@example.com');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/too many attempts/i);
    expect(await redis.keys(`${prefix}auth-rate:*`)).not.toHaveLength(0);
    expect(await a.database.db.select().from(rateLimits)).toEqual([]);
    expect((await a.database.db.select().from(sessions)).length).toBeGreaterThan(0);
  });
});

describe('when Redis does not answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens there (a port of this suite's range kept free).
    t = await buildTestApp('pglite', {
      env: { REDIS_URL: 'redis://127.0.0.1:4299/1', LOG_LEVEL: 'silent' },
    });
  });
  afterAll(() => t.close());

  it('still serves the catalogue and reports Redis down without making the shop unready', async () => {
    expect((await t.app.inject('/api/allParts')).statusCode).toBe(200);
    const ready = await t.app.inject('/api/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: true, redis: false });
  });

  it('refuses signing in and signing up with a clear 503 (fail closed)', async () => {
    const signInAnswer = await signIn(t, 'someone@example.com', 'whatever password');
    expect(signInAnswer.statusCode).toBe(503);
    expect(signInAnswer.json().message).toMatch(/unavailable for a moment/);
    const signUpAnswer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'New', email: 'new@example.com', password: 'long enough 123' },
      headers: { origin: t.config.publicUrl },
    });
    expect(signUpAnswer.statusCode).toBe(503);
    expect(signUpAnswer.json().message).toMatch(/unavailable for a moment/);
  });

  it('refuses a rate-limited write rather than let it through uncounted', async () => {
    const answer = await contact(t, '203.0.113.42');
    expect(answer.statusCode).toBe(500);
    expect(answer.json().message).toBe('Something went wrong on our side. Please try again.');
    expect(await t.database.db.select().from(contactMessages)).toEqual([]);
  });
});
