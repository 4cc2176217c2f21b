import { AsyncLocalStorage } from 'node:async_hooks';
import type { Redis } from 'ioredis';
import { incrementInWindow, RedisUnavailableError } from '../lib/redis.ts';

export const AUTH_UNAVAILABLE_MESSAGE =
  'Signing in and account changes are unavailable for a moment. Please try again shortly.';

/** Set by the auth bridge around each Better Auth call: whether Redis failed during it. */
export const redisOutage = new AsyncLocalStorage<{ failed: boolean }>();

/**
 * Better Auth's rate-limit counters in Redis (REDIS_URL), so every instance counts together:
 * a fixed window per address and path, counted in one atomic step. Sessions stay in the
 * database; only these counters move. When Redis does not answer, the request is refused
 * (fail closed) rather than let through uncounted: the bridge turns it into a 503.
 */
export function redisRateLimitStorage(redis: Redis) {
  return {
    async consume(key: string, rule: { window: number; max: number }) {
      let step: { count: number; msLeft: number };
      try {
        step = await incrementInWindow(redis, `auth-rate:${key}`, rule.window * 1000);
      } catch (error) {
        const outage = redisOutage.getStore();
        if (outage) outage.failed = true;
        throw error instanceof RedisUnavailableError ? error : new RedisUnavailableError(error);
      }
      return step.count <= rule.max
        ? { allowed: true, retryAfter: null }
        : { allowed: false, retryAfter: Math.max(1, Math.ceil(step.msLeft / 1000)) };
    },
  };
}
