// Security suite 5: crash safety. The server is killed with `kill -9` in the middle of purchase
// load, again and again, on PGlite and on PostgreSQL: no acknowledged order (a 200 the client
// received) is lost, stock + units sold = the initial stock, and the server restarts cleanly.
// Each kill must find purchases in flight (sent, not answered); the ones it cuts may fail only
// as a lost connection or a 5xx, and are counted: a kill that cut nothing proves nothing.
import { afterAll, describe, expect, it } from 'vitest';
import { startCluster } from '../scripts/cluster.mjs';
import {
  ADMIN_EMAIL,
  BASE_PORT,
  FULL,
  createPostgresDatabase,
  postgresAvailable,
  redisUrl,
  serverEnv,
  tempDataDir,
} from './lib/env.ts';
import {
  acknowledgedAttempt,
  addPart,
  allOrders,
  buyerIp,
  figure,
  signUpBuyers,
  purchaseLoad,
  signUp,
  stockOf,
  tally,
} from './lib/shop.ts';

const KILLS = FULL ? 10 : 3;
const LOAD_SECONDS = FULL ? 30 : 6;
const BUYERS = 16;
const INITIAL_STOCK = 5_000_000;
const PORT = BASE_PORT + 20;

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

type Instance = Awaited<ReturnType<typeof startCluster>>['instances'][number];

/** What one kill interrupted. */
interface Kill {
  /** Purchase requests sent and not yet answered when SIGKILL was sent. */
  inFlight: number;
  /** Of those, the ones that failed, by cause: a network error's code or the 5xx status. */
  failed: string[];
  /** Of those, the ones answered 200 all the same (the answer was already on its way). */
  answered: number;
}

interface Outcome {
  acknowledged: number;
  lost: number;
  unacknowledgedKept: number;
  stock: number;
  sold: number;
  restarts: number;
  kills: Kill[];
}

async function crashCycles(instance: Instance): Promise<Outcome> {
  const url = instance.url;
  const admin = await signUp(url, ADMIN_EMAIL, buyerIp(0));
  const buyers = await signUpBuyers(url, BUYERS, 'crash', 4);

  const partId = await addPart(url, admin, INITIAL_STOCK);
  const acknowledged = new Map<string, number>();
  const unexpected: string[] = [];
  const kills: Kill[] = [];
  let restarts = 0;

  for (let kill = 0; kill < KILLS; kill++) {
    // Each buyer buys 1 to 3 units in a loop until the server is killed.
    const load = purchaseLoad(url, buyers, partId);
    const attempts = load.attempts;
    // Kill somewhere in the last fifth of the load period, mid-request. No request is sent
    // after `halt`, so what fails from here on is what the kill cut.
    await new Promise((r) => setTimeout(r, LOAD_SECONDS * 1000 * (0.8 + 0.2 * Math.random())));
    load.halt();
    const killedAt = performance.now();
    await instance.kill();
    await load.done;
    for (const [id, quantity] of load.acknowledged) acknowledged.set(id, quantity);
    unexpected.push(...load.unexpected);

    const ok = acknowledgedAttempt;
    for (const a of attempts.filter((a) => !ok(a) && a.settled < killedAt))
      unexpected.push(`before the kill: ${a.status ?? ''} ${a.error ?? ''}`);
    const cut = attempts.filter((a) => a.sent <= killedAt && a.settled >= killedAt);
    const failed = cut.filter((a) => !ok(a));
    // A request the kill cut may fail only as a lost connection or a 5xx, never as a refusal.
    for (const a of failed.filter((a) => !a.error && (a.status ?? 0) < 500))
      unexpected.push(`after the kill: ${a.status}`);
    kills.push({
      inFlight: cut.length,
      failed: failed.map((a) => a.error ?? String(a.status)),
      answered: cut.length - failed.length,
    });
    await instance.start();
    restarts++;
  }

  const orders = (await allOrders(url, admin)).filter((o) => o.partId === partId);
  const present = new Set(orders.map((o) => o._id));
  const lost = [...acknowledged.keys()].filter((id) => !present.has(id)).length;
  expect(unexpected.slice(0, 5)).toEqual([]);
  return {
    acknowledged: acknowledged.size,
    lost,
    unacknowledgedKept: orders.length - (acknowledged.size - lost),
    stock: await stockOf(url, partId),
    sold: orders.reduce((sum, o) => sum + o.quantity, 0),
    restarts,
    kills,
  };
}

function check(label: string, o: Outcome) {
  const failed = o.kills.flatMap((k) => k.failed);
  figure(
    `[crash] ${label}: ${o.restarts}/${KILLS} kill -9 during ${LOAD_SECONDS} s of purchase load, ` +
      `${o.lost} of ${o.acknowledged} acknowledged orders lost, stock ${o.stock} + sold ${o.sold} ` +
      `= ${o.stock + o.sold} (initial ${INITIAL_STOCK}), ${o.unacknowledgedKept} unacknowledged kept`,
  );
  figure(
    `[crash]   purchases in flight at each kill: ${o.kills.map((k) => k.inFlight).join(', ')}; ` +
      `failed after the kill: ${o.kills.map((k) => k.failed.length).join(', ')} (${tally(failed)}); ` +
      `answered 200 after the signal: ${o.kills.map((k) => k.answered).join(', ')}`,
  );
  expect(o.restarts).toBe(KILLS);
  expect(o.acknowledged).toBeGreaterThan(0);
  // Every kill came mid-purchase, and the kills did cut requests.
  expect(
    o.kills.map((k) => k.inFlight),
    'purchases in flight at each kill',
  ).not.toContain(0);
  expect(failed.length, 'purchases the kills cut').toBeGreaterThan(0);
  expect(o.lost).toBe(0);
  expect(o.stock + o.sold).toBe(INITIAL_STOCK);
}

describe('crash', () => {
  it('PGlite: kill -9 under purchase load loses no acknowledged order', async () => {
    const data = tempDataDir('crash');
    cleanups.push(() => data.remove());
    const cluster = await startCluster({
      instances: 1,
      port: PORT,
      env: serverEnv({ DATA_DIR: data.dir, TRUST_PROXY: '127.0.0.1' }),
    });
    cleanups.push(() => cluster.stop());
    check('pglite', await crashCycles(cluster.instances[0]!));
    await cluster.stop();
  });

  it('postgres: kill -9 under purchase load loses no acknowledged order', async (ctx) => {
    if (!(await postgresAvailable())) ctx.skip(true, 'PostgreSQL is not answering');
    const database = await createPostgresDatabase('crash');
    cleanups.push(() => database.drop());
    const cluster = await startCluster({
      instances: 1,
      port: PORT + 5,
      env: serverEnv({
        DATABASE_URL: database.url,
        REDIS_URL: await redisUrl(),
        TRUST_PROXY: '127.0.0.1',
      }),
    });
    cleanups.push(() => cluster.stop());
    check('postgres', await crashCycles(cluster.instances[0]!));
    await cluster.stop();
  });
});
