import { and, eq, gte, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';

const WINDOW_SECONDS = 60;
const MAX_FAILURES = 3;

/**
 * Failed sign-ins counted per account (not per address), in the database so every instance
 * counts together: after 3 failures within a minute, the 4th attempt is refused with 429
 * whatever address it comes from, until the minute has passed.
 */
export function createSignInLimiter(db: Db) {
  const key = (email: string) => `sign-in-failures:${email}`;
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
