import { and, eq, gte, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import { incrementInWindow, RedisUnavailableError } from '../lib/redis.ts';

const WINDOW_SECONDS = 60;
const MAX_FAILURES = 3;

export interface SignInLimiter {
  windowSeconds: number;
  isBlocked(email: string): Promise<boolean>;
  recordFailure(email: string): Promise<void>;
  reset(email: string): Promise<void>;
}

const key = (email: string) => `sign-in-failures:${email}`;

/**
 * Failed sign-ins counted per account (not per address), where every instance counts together
 * (Redis when REDIS_URL is set, else the database): after 3 failures within a minute, the 4th
 * attempt is refused with 429 whatever address it comes from, until the minute has passed.
 */
export function createSignInLimiter(db: Db, redis: Redis | null): SignInLimiter {
  return redis ? redisLimiter(redis) : databaseLimiter(db);
}

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
    isBlocked: (email) =>
      guard(async () => Number((await redis.get(key(email))) ?? 0) >= MAX_FAILURES),
    async recordFailure(email) {
      await incrementInWindow(redis, key(email), WINDOW_SECONDS);
    },
    reset: (email) =>
      guard(async () => {
        await redis.del(key(email));
      }),
  };
}

function databaseLimiter(db: Db): SignInLimiter {
  return {
    windowSeconds: WINDOW_SECONDS,
    async isBlocked(email: string): Promise<boolean> {
      const since = Date.now() - WINDOW_SECONDS * 1000;
      const [row] = await db
        .select({ count: rateLimits.count })
        .from(rateLimits)
        .where(and(eq(rateLimits.key, key(email)), gte(rateLimits.lastRequest, since)));
      return (row?.count ?? 0) >= MAX_FAILURES;
    },
    async recordFailure(email: string) {
      const now = Date.now();
      const since = now - WINDOW_SECONDS * 1000;
      await db
        .insert(rateLimits)
        .values({ id: randomUUID(), key: key(email), count: 1, lastRequest: now })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.lastRequest} < ${since} then 1 else ${rateLimits.count} + 1 end`,
            lastRequest: now,
          },
        });
    },
    async reset(email: string) {
      await db.delete(rateLimits).where(eq(rateLimits.key, key(email)));
    },
  };
}
