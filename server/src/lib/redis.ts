import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** How long start-up waits for Redis before it goes on without it (readiness reports it). */
const CONNECT_WAIT_MS = 3_000;
const ERROR_LOG_EVERY_MS = 30_000;

export class RedisUnavailableError extends Error {
  constructor(cause: unknown) {
    super('Redis (REDIS_URL) does not answer', { cause });
    this.name = 'RedisUnavailableError';
  }
}

/**
 * The shared Redis (REDIS_URL) for counters every instance must see together. Commands fail at
 * once while it is unreachable (no queue, no waiting) and it reconnects by itself; each caller
 * decides what an outage means. Errors are logged at most every 30 s.
 */
export async function connectRedis(
  url: string,
  keyPrefix: string,
  log: FastifyBaseLogger,
): Promise<Redis> {
  // Loaded only with REDIS_URL: ioredis took 150 ms of every start on one core (decision 037).
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    keyPrefix,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    retryStrategy: (times) => Math.min(times * 250, 2_000),
  });
  let lastLogged = 0;
  let down = false;
  redis.on('error', (err: Error) => {
    down = true;
    const now = Date.now();
    if (now - lastLogged < ERROR_LOG_EVERY_MS) return;
    lastLogged = now;
    log.error(
      { err: { message: err.message } },
      'Redis (REDIS_URL) is unreachable: sign-in and rate-limited account requests answer 503 until it is back',
    );
  });
  redis.on('ready', () => {
    if (down) log.info('Redis (REDIS_URL) is reachable again');
    down = false;
    lastLogged = 0;
  });
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, CONNECT_WAIT_MS);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return redis;
}

/** Whether Redis answers now (for readiness). */
export async function pingRedis(redis: Redis): Promise<boolean> {
  try {
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  }
}

/**
 * One atomic step of a fixed-window counter: adds one to `key`, starting its window of
 * `windowMs` milliseconds when it is new. Answers the count and the milliseconds left in the
 * window.
 */
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

export async function incrementInWindow(
  redis: Redis,
  key: string,
  windowMs: number,
): Promise<{ count: number; msLeft: number }> {
  try {
    const [count, msLeft] = (await redis.eval(INCREMENT, 1, key, windowMs)) as [number, number];
    return { count, msLeft };
  } catch (error) {
    throw new RedisUnavailableError(error);
  }
}
