// Security suite 9: brute force. Failed sign-ins are counted per account across both instances:
// the 4th rapid failure is refused with 429 whichever instance it reaches and whatever address it
// comes from. Two set-ups: instances that trust no proxy (a client's X-Forwarded-For is ignored,
// every attempt comes from 127.0.0.1), and instances behind a trusted proxy (TRUST_PROXY, the
// multi-instance configuration) where a rotating X-Forwarded-For really is a new client each time.
import { randomInt } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startCluster, startNginx } from '../scripts/cluster.mjs';
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
/** Better Auth's own limit of sign-in attempts per client address and minute (auth.ts). */
const PER_ADDRESS_LIMIT = 20;
// This run's own addresses: Better Auth's per-address counters in Redis outlive a run.
const RUN = randomInt(256);
/** A different address on every attempt (198.18.0.0/15, the benchmarking range). */
const rotatingIp = (n: number) => `198.${18 + (n >> 8)}.${RUN}.${n & 255}`;

/** The running instances and their database, shared by the tests (unset without PostgreSQL). */
let urls: string[] | undefined;
let databaseUrl = '';
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The client addresses Better Auth stored on the account's sessions, from the database. */
async function sessionAddresses(email: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ ip_address: string | null }>(
      'select s.ip_address from sessions s join users u on u.id = s.user_id where u.email = $1',
      [email],
    );
    return rows.map((r) => String(r.ip_address));
  } finally {
    await client.end();
  }
}

describe('brute force', () => {
  it('postgres, 2 instances, no trusted proxy: the 4th failed sign-in of an account is refused with 429', async (ctx) => {
    if (!(await postgresAvailable())) ctx.skip(true, 'PostgreSQL is not answering');
    const database = await createPostgresDatabase('brute');
    cleanups.push(() => database.drop());
    databaseUrl = database.url;
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

    // Sequential: failures alternate between the instances, each with another header.
    const statuses: number[] = [];
    for (let n = 0; n < 4; n++)
      statuses.push((await signIn(n % 2 ? b : a, victim, WRONG, rotatingIp(n))).status);
    const lockedRight = await signIn(a, victim, PASSWORD, rotatingIp(10));
    const lockedOther = await signIn(b, victim, WRONG, rotatingIp(11));
    // The lock is the account's, not the address's: another account from the same client signs in.
    const other = await signIn(a, bystander, PASSWORD, rotatingIp(3));
    // The header was not taken as the address: the session records the socket's.
    const addresses = await sessionAddresses(bystander);

    figure(
      `[brute-force] postgres x2 instances${redis ? ' + REDIS_URL' : ''}, no trusted proxy, ` +
        `rotating X-Forwarded-For: attempts 1-4 answered ${statuses.join(', ')}; while locked ` +
        `the right password ${lockedRight.status}, a 5th failure ${lockedOther.status}; ` +
        `another account ${other.status}, its sessions' addresses ${[...new Set(addresses)].join(', ')}`,
    );
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(lockedRight.status).toBe(429);
    expect(lockedOther.status).toBe(429);
    expect(other.status).toBe(200);
    expect(new Set(addresses)).toEqual(new Set(['127.0.0.1']));
  });

  // Ten wrong passwords sent at once, half to each instance: the lock must still let only 3 be
  // checked (the count is taken atomically before the password check).
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

  it('postgres, 2 instances behind a trusted proxy: a new X-Forwarded-For address on every attempt still gets the 4th refused', async (ctx) => {
    if (!urls) ctx.skip(true, 'PostgreSQL is not answering');
    const redis = await redisUrl();
    // The multi-instance configuration: nginx on loopback (deploy/nginx.conf), its
    // X-Forwarded-For believed; every request goes through it.
    const cluster = await startCluster({
      instances: 2,
      port: PORT + 3,
      env: serverEnv({ DATABASE_URL: databaseUrl, REDIS_URL: redis, TRUST_PROXY: '127.0.0.1' }),
    });
    cleanups.push(() => cluster.stop());
    const nginx = await startNginx({ port: PORT + 2, targets: cluster.urls });
    cleanups.push(() => nginx.stop());
    const [a, b] = [nginx.url, nginx.url];
    const victim = uniqueEmail('rotated');
    const bystander = uniqueEmail('rotated-bystander');
    await signUp(a, victim, rotatingIp(100));
    await signUp(b, bystander, rotatingIp(101));

    const statuses: number[] = [];
    for (let n = 0; n < 4; n++)
      statuses.push((await signIn(n % 2 ? b : a, victim, WRONG, rotatingIp(110 + n))).status);
    const lockedRight = await signIn(a, victim, PASSWORD, rotatingIp(120));
    const lockedOther = await signIn(b, victim, WRONG, rotatingIp(121));

    // The addresses were taken as different clients, by the shop and by Better Auth alike:
    // 1. the sessions of two sign-ins record the two forwarded addresses;
    const signIns = [
      await signIn(a, bystander, PASSWORD, rotatingIp(130)),
      await signIn(b, bystander, PASSWORD, rotatingIp(131)),
    ].map((r) => r.status);
    const addresses = await sessionAddresses(bystander);
    // 2. Better Auth's per-address limit: 25 failures (25 unknown accounts) spread over 25
    // addresses are all checked, the same 25 from one address are refused after the 20th.
    const spread: number[] = [];
    const single: number[] = [];
    const one = rotatingIp(199);
    for (let n = 0; n < PER_ADDRESS_LIMIT + 5; n++) {
      const base = n % 2 ? b : a;
      spread.push((await signIn(base, uniqueEmail('spread'), WRONG, rotatingIp(200 + n))).status);
      single.push((await signIn(base, uniqueEmail('single'), WRONG, one)).status);
    }
    const count = (list: number[], status: number) => list.filter((s) => s === status).length;

    figure(
      `[brute-force] postgres x2 instances behind nginx${redis ? ' + REDIS_URL' : ''}, TRUST_PROXY=127.0.0.1, ` +
        `a new X-Forwarded-For address per attempt: attempts 1-4 answered ${statuses.join(', ')}; ` +
        `while locked the right password ${lockedRight.status}, a 5th failure ${lockedOther.status}`,
    );
    figure(
      `[brute-force]   the addresses were distinct clients: another account's sign-ins from 2 ` +
        `addresses answered ${signIns.join(', ')}, its sessions record ${[...new Set(addresses)].join(', ')}; ` +
        `${spread.length} failures over ${spread.length} addresses: ${count(spread, 401)} checked, ` +
        `${count(spread, 429)} refused; the same from 1 address: ${count(single, 401)} checked, ` +
        `${count(single, 429)} refused (Better Auth's ${PER_ADDRESS_LIMIT} per address and minute)`,
    );
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(lockedRight.status).toBe(429);
    expect(lockedOther.status).toBe(429);
    expect(signIns).toEqual([200, 200]);
    // (The confirmation link, followed without the header, signs in from 127.0.0.1.)
    expect(addresses).toEqual(
      expect.arrayContaining([rotatingIp(101), rotatingIp(130), rotatingIp(131)]),
    );
    expect(spread.every((s) => s === 401)).toBe(true);
    expect(single).toEqual([
      ...Array<number>(PER_ADDRESS_LIMIT).fill(401),
      ...Array<number>(5).fill(429),
    ]);
  });
});
