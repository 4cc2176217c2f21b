import { eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import { incrementInWindow, RedisUnavailableError } from '../lib/redis.ts';

const WINDOW_SECONDS = 60;
const MAX_FAILURES = 3;

export interface SignInLimiter {
  windowSeconds: number;
  /**
   * Counts one sign-in attempt for the account before its password is checked, atomically
   * across instances: false (refuse with 429) once the failures in the window pass the limit.
   */
  take(email: string): Promise<boolean>;
  /** Gives back an attempt that was not a guess (a malformed request, another limit's 429). */
  release(email: string): Promise<void>;
  /** A successful sign-in clears the account's failures. */
  reset(email: string): Promise<void>;
}

const key = (email: string) => `sign-in-failures:${email}`;

/**
 * Failed sign-ins counted per account (not per address), where every instance counts together
 * (Redis when REDIS_URL is set, else the database): of the attempts within a minute, the first
 * 3 are checked and the 4th is refused with 429 whatever address it comes from, until the
 * minute has passed. Counting before the check means simultaneous guesses cannot slip past.
 */
export function createSignInLimiter(db: Db, redis: Redis | null): SignInLimiter {
  return redis ? redisLimiter(redis) : databaseLimiter(db);
}

/** Never below zero: a release racing the window's expiry must not make a credit. */
const RELEASE = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return count`;

/** Redis: one counter per account that expires with its window (INCR + PEXPIRE, atomic). */
function redisLimiter(redis: Redis): SignInLimiter {
  const guard = async <T>(step: () => Promise<T>): Promise<T> => {
    try {
      return await step();
    } catch (error) {
      throw error instanceof RedisUnavailableError ? error : new RedisUnavailableError(error);
    }
  };
  return {
    windowSeconds: WINDOW_SECONDS,
    async take(email) {
      const { count } = await incrementInWindow(redis, key(email), WINDOW_SECONDS);
      return count <= MAX_FAILURES;
    },
    release: (email) =>
      guard(async () => {
        await redis.eval(RELEASE, 1, key(email));
      }),
    reset: (email) =>
      guard(async () => {
        await redis.del(key(email));
      }),
  };
}

function databaseLimiter(db: Db): SignInLimiter {
  return {
    windowSeconds: WINDOW_SECONDS,
    async take(email: string): Promise<boolean> {
      const now = Date.now();
      const since = now - WINDOW_SECONDS * 1000;
      const [row] = await db
        .insert(rateLimits)
        .values({ id: randomUUID(), key: key(email), count: 1, lastRequest: now })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.lastRequest} < ${since} then 1 else ${rateLimits.count} + 1 end`,
            lastRequest: now,
          },
        })
        .returning({ count: rateLimits.count });
      return (row?.count ?? 1) <= MAX_FAILURES;
    },
    async release(email: string) {
      await db
        .update(rateLimits)
        .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
        .where(eq(rateLimits.key, key(email)));
    },
    async reset(email: string) {
      await db.delete(rateLimits).where(eq(rateLimits.key, key(email)));
    },
  };
}
