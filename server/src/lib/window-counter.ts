import { eq, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import { incrementInWindow, RedisUnavailableError } from './redis.ts';

/** One step of a fixed-window counter: the count so far and the seconds left in its window. */
export interface WindowStep {
  count: number;
  secondsLeft: number;
}

/**
 * Fixed-window counters shared by every instance: Redis when REDIS_URL is set, else the
 * database's `rate_limits` table. A window starts with its first hit and ends `windowSeconds`
 * later whatever happens in it: hits refused meanwhile do not extend it.
 */
export interface WindowCounter {
  /** Adds one to `key` atomically (starting a new window when the last one ended). */
  hit(key: string, windowSeconds: number): Promise<WindowStep>;
  /** Takes one back (never below zero): a hit that turned out not to count. */
  release(key: string): Promise<void>;
  /** Forgets the key's count. */
  reset(key: string): Promise<void>;
}

export function createWindowCounter(db: Db, redis: Redis | null): WindowCounter {
  return redis ? redisCounter(redis) : databaseCounter(db);
}

/** Never below zero: a release racing the window's expiry must not make a credit. */
const RELEASE = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return count`;

function redisCounter(redis: Redis): WindowCounter {
  const guard = async <T>(step: () => Promise<T>): Promise<T> => {
    try {
      return await step();
    } catch (error) {
      throw error instanceof RedisUnavailableError ? error : new RedisUnavailableError(error);
    }
  };
  return {
    async hit(key, windowSeconds) {
      const { count, msLeft } = await incrementInWindow(redis, key, windowSeconds);
      return { count, secondsLeft: Math.max(1, Math.ceil(msLeft / 1000)) };
    },
    release: (key) =>
      guard(async () => {
        await redis.eval(RELEASE, 1, key);
      }),
    reset: (key) =>
      guard(async () => {
        await redis.del(key);
      }),
  };
}

/**
 * The database: one row per key whose `last_request` holds when its window started (one
 * upsert per hit, atomic on PostgreSQL and PGlite alike).
 */
function databaseCounter(db: Db): WindowCounter {
  // Built once and kept prepared under a name (decision 029): every limited write runs it.
  const ended = sql`${rateLimits.lastRequest} <= ${sql.placeholder('windowStart')}`;
  const upsert = db
    .insert(rateLimits)
    .values({ key: sql.placeholder('key'), count: 1, lastRequest: sql.placeholder('now') })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${ended} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: sql`case when ${ended} then ${sql.placeholder('now')}::bigint
          else ${rateLimits.lastRequest} end`,
      },
    })
    .returning({ count: rateLimits.count, started: rateLimits.lastRequest })
    .prepare('partsmith_rate_limit_hit');
  return {
    async hit(key, windowSeconds) {
      const now = Date.now();
      const [row] = await upsert.execute({ key, now, windowStart: now - windowSeconds * 1000 });
      const started = row?.started ?? now;
      return {
        count: row?.count ?? 1,
        secondsLeft: Math.max(1, Math.ceil((started + windowSeconds * 1000 - now) / 1000)),
      };
    },
    async release(key) {
      await db
        .update(rateLimits)
        .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
        .where(eq(rateLimits.key, key));
    },
    async reset(key) {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
  };
}
