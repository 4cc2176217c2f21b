import type { FastifyRateLimitStore } from '@fastify/rate-limit';
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
 * The store's own calls, beside @fastify/rate-limit's `incr`: for the counts that are not one
 * per request (the sign-in lock, the per-address mail limits).
 */
export interface WindowCounter {
  /** Adds one to `key` atomically (starting a new window when the last one ended). */
  hit(key: string, windowSeconds: number): Promise<WindowStep>;
  /** Takes one back (never below zero): a hit that turned out not to count. */
  release(key: string): Promise<void>;
  /** Forgets the key's count. */
  reset(key: string): Promise<void>;
}

/** Where the counts are kept: Redis when REDIS_URL is set, else the database. */
export interface WindowBackend {
  increment(key: string, windowMs: number): Promise<{ count: number; msLeft: number }>;
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

/**
 * @fastify/rate-limit's store over the shop's fixed windows, shared by every instance. A window
 * starts with its first hit and ends `timeWindow` later whatever happens in it: hits refused
 * meanwhile do not extend it. Keys name the limit (`limit:cart:user:<id>`), so every route of
 * one limit counts together and `child` is the store itself. A backend failure (Redis down)
 * reaches the caller: nothing is let through uncounted.
 */
export class WindowStore implements FastifyRateLimitStore, WindowCounter {
  constructor(private readonly backend: WindowBackend) {}

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ): void {
    this.backend.increment(key, timeWindow).then(
      ({ count, msLeft }) => callback(null, { current: count, ttl: Math.max(1, msLeft) }),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  child(): FastifyRateLimitStore {
    return this;
  }

  async hit(key: string, windowSeconds: number): Promise<WindowStep> {
    const { count, msLeft } = await this.backend.increment(key, windowSeconds * 1000);
    return { count, secondsLeft: Math.max(1, Math.ceil(msLeft / 1000)) };
  }

  release(key: string): Promise<void> {
    return this.backend.release(key);
  }

  reset(key: string): Promise<void> {
    return this.backend.reset(key);
  }
}

export function windowBackend(db: Db, redis: Redis | null): WindowBackend {
  return redis ? redisBackend(redis) : databaseBackend(db);
}

/** Never below zero: a release racing the window's expiry must not make a credit. */
const RELEASE = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return count`;

function redisBackend(redis: Redis): WindowBackend {
  const guard = async (step: () => Promise<unknown>): Promise<void> => {
    try {
      await step();
    } catch (error) {
      throw error instanceof RedisUnavailableError ? error : new RedisUnavailableError(error);
    }
  };
  return {
    increment: (key, windowMs) => incrementInWindow(redis, key, windowMs),
    release: (key) => guard(() => redis.eval(RELEASE, 1, key)),
    reset: (key) => guard(() => redis.del(key)),
  };
}

/**
 * The database: one row per key whose `last_request` holds when its window started (one
 * upsert per hit, atomic on PostgreSQL and PGlite alike).
 */
function databaseBackend(db: Db): WindowBackend {
  // Built once and kept prepared under a name: every limited write runs it.
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
    async increment(key, windowMs) {
      const now = Date.now();
      const [row] = await upsert.execute({ key, now, windowStart: now - windowMs });
      const started = row?.started ?? now;
      return { count: row?.count ?? 1, msLeft: started + windowMs - now };
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
