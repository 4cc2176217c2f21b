// Issue 6, suite 9: brute force. Failed sign-ins are counted per account across both instances:
// the 4th rapid failure is refused with 429 whichever instance it reaches, and a rotating
// X-Forwarded-For (the servers trust no proxy here) does not reset the count.
import { afterAll, describe, expect, it } from 'vitest';
import { startCluster } from '../scripts/cluster.mjs';
import {
  BASE_PORT,
  createPostgresDatabase,
  postgresAvailable,
  redisUrl,
  serverEnv,
} from './lib/env.ts';
import { PASSWORD, figure, signIn, signUp, uniqueEmail } from './lib/shop.ts';

const PORT = BASE_PORT + 30;
const WRONG = 'not the password 1';
/** A different address on every attempt: without a trusted proxy the header must change nothing. */
const rotatingIp = (n: number) => `203.0.113.${n + 1}`;

/** The running instances, shared by the tests (undefined without PostgreSQL). */
let urls: string[] | undefined;
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('brute force', () => {
  it('postgres, 2 instances: the 4th failed sign-in of an account is refused with 429', async (ctx) => {
    if (!(await postgresAvailable())) ctx.skip(true, 'PostgreSQL is not answering');
    const database = await createPostgresDatabase('brute');
    cleanups.push(() => database.drop());
    const redis = await redisUrl();
    // No TRUST_PROXY: X-Forwarded-For is whatever the client says, so it must not count.
    const cluster = await startCluster({
      instances: 2,
      port: PORT,
      env: serverEnv({ DATABASE_URL: database.url, REDIS_URL: redis }),
    });
    cleanups.push(() => cluster.stop());
    urls = cluster.urls;
    const [a, b] = cluster.urls as [string, string];
    const victim = uniqueEmail('victim');
    const bystander = uniqueEmail('bystander');
    await signUp(a, victim);
    await signUp(b, bystander);

    // Sequential: failures alternate between the instances, each from a "new" address.
    const statuses: number[] = [];
    for (let n = 0; n < 4; n++)
      statuses.push((await signIn(n % 2 ? b : a, victim, WRONG, rotatingIp(n))).status);
    const lockedRight = await signIn(a, victim, PASSWORD, rotatingIp(10));
    const lockedOther = await signIn(b, victim, WRONG, rotatingIp(11));
    // The lock is the account's, not the address's: another account from the same client signs in.
    const other = await signIn(a, bystander, PASSWORD, rotatingIp(3));

    figure(
      `[brute-force] postgres x2 instances${redis ? ' + REDIS_URL' : ''}, no trusted proxy, ` +
        `rotating X-Forwarded-For: attempts 1-4 answered ${statuses.join(', ')}; while locked ` +
        `the right password ${lockedRight.status}, a 5th failure ${lockedOther.status}; ` +
        `another account ${other.status}`,
    );
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(lockedRight.status).toBe(429);
    expect(lockedOther.status).toBe(429);
    expect(other.status).toBe(200);
  });

  // Ten wrong passwords sent at once, half to each instance: the lock must still let only 3 be
  // checked. Today the limiter checks the count before the attempt and records it after, so a
  // parallel burst is checked in full (10 guesses, not 3); the fix is an atomic increment before
  // the check (see the report of issue 6's proof suites).
  it('postgres, 2 instances: a parallel burst of wrong passwords gets at most 3 checked', async (ctx) => {
    if (!urls) ctx.skip(true, 'PostgreSQL is not answering');
    const [a, b] = urls as [string, string];
    const victim = uniqueEmail('burst');
    await signUp(b, victim);
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        signIn(n % 2 ? b : a, victim, WRONG, rotatingIp(20 + n)).then((r) => r.status),
      ),
    );
    const checked = burst.filter((s) => s === 401).length;
    const refused = burst.filter((s) => s === 429).length;
    figure(
      `[brute-force] parallel burst of 10 wrong passwords over 2 instances: ${checked} checked, ${refused} refused 429`,
    );
    expect(checked).toBeLessThanOrEqual(3);
    expect(checked + refused).toBe(10);
  });
});
