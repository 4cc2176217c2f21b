// Issue 6, suite 5: crash safety. The server is killed with `kill -9` in the middle of purchase
// load, again and again, on PGlite and on PostgreSQL: no acknowledged order (a 200 the client
// received) is lost, stock + units sold = the initial stock, and the server restarts cleanly.
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
  addPart,
  allOrders,
  buyerIp,
  figure,
  pool,
  purchase,
  signUp,
  stockOf,
  uniqueEmail,
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

interface Outcome {
  acknowledged: number;
  lost: number;
  unacknowledgedKept: number;
  stock: number;
  sold: number;
  restarts: number;
}

async function crashCycles(instance: Instance): Promise<Outcome> {
  const url = instance.url;
  const admin = await signUp(url, ADMIN_EMAIL, buyerIp(0));
  const buyers = await pool(
    Array.from({ length: BUYERS }, (_, i) => i + 1),
    4,
    async (i) => ({
      token: await signUp(url, uniqueEmail(`crash${i}`), buyerIp(i)),
      ip: buyerIp(i),
    }),
  );
  const partId = await addPart(url, admin, INITIAL_STOCK);
  const acknowledged = new Map<string, number>();
  const unexpected: string[] = [];
  let restarts = 0;

  for (let kill = 0; kill < KILLS; kill++) {
    let killed = false;
    // Each buyer buys 1 to 3 units in a loop until the server is gone.
    const load = buyers.map(async (buyer, b) => {
      for (let n = 0; !killed; n++) {
        const quantity = 1 + ((b + n) % 3);
        try {
          const res = await purchase(url, buyer.token, partId, quantity, buyer.ip);
          if (res.status === 200 && res.body.insertedId)
            acknowledged.set(res.body.insertedId, quantity);
          else unexpected.push(`${res.status} ${JSON.stringify(res.body)}`);
        } catch (error) {
          // Refused or cut connections are expected once the process is killed, not before.
          if (!killed) unexpected.push(`before the kill: ${String(error)}`);
        }
      }
    });
    // Kill somewhere in the last fifth of the load period, mid-request.
    await new Promise((r) => setTimeout(r, LOAD_SECONDS * 1000 * (0.8 + 0.2 * Math.random())));
    killed = true;
    await instance.kill();
    await Promise.all(load);
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
  };
}

function check(label: string, o: Outcome) {
  figure(
    `[crash] ${label}: ${o.restarts}/${KILLS} kill -9 during ${LOAD_SECONDS} s of purchase load, ` +
      `${o.lost} of ${o.acknowledged} acknowledged orders lost, stock ${o.stock} + sold ${o.sold} ` +
      `= ${o.stock + o.sold} (initial ${INITIAL_STOCK}), ${o.unacknowledgedKept} unacknowledged kept`,
  );
  expect(o.restarts).toBe(KILLS);
  expect(o.acknowledged).toBeGreaterThan(0);
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
