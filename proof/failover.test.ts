// Scale-out behind a real load balancer: 3 instances on one PostgreSQL and Redis behind Debian's
// nginx (deploy/nginx.conf), purchase load through nginx, one instance killed with `kill -9` in
// the middle of it and started again. No acknowledged order is lost, stock + units sold = the
// initial stock, the restarted instance serves again, and the share of purchases that failed
// while the instance was down is printed (nginx sends new requests to the live instances; only
// the purchases around the kill fail, as 502).
import { afterAll, describe, expect, it } from 'vitest';
import { startCluster, startNginx } from '../scripts/cluster.mjs';
import {
  ADMIN_EMAIL,
  BASE_PORT,
  FULL,
  createPostgresDatabase,
  postgresAvailable,
  redisUrl,
  serverEnv,
} from './lib/env.ts';
import {
  acknowledgedAttempt,
  addPart,
  allOrders,
  buyerIp,
  call,
  figure,
  signUpBuyers,
  purchaseLoad,
  signUp,
  stockOf,
  tally,
} from './lib/shop.ts';

const INSTANCES = 3;
const BUYERS = 24;
const INITIAL_STOCK = 5_000_000;
/** Load before the kill, while the instance is down, and after it is back. */
const BEFORE_MS = FULL ? 10_000 : 3_000;
const DOWN_MS = FULL ? 10_000 : 3_000;
const AFTER_MS = FULL ? 10_000 : 5_000;
const METRICS_TOKEN = 'failover-proof-metrics-token';
const PORT = BASE_PORT + 50;

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ok = acknowledgedAttempt;
const percent = (part: number, whole: number) =>
  whole === 0 ? '0%' : `${((100 * part) / whole).toFixed(2)}%`;

describe('failover behind nginx', () => {
  it('postgres, 3 instances behind nginx: kill -9 of one during purchase load loses no acknowledged order', async (ctx) => {
    if (!(await postgresAvailable())) ctx.skip(true, 'PostgreSQL is not answering');
    const database = await createPostgresDatabase('failover');
    cleanups.push(() => database.drop());
    const redis = await redisUrl();
    const cluster = await startCluster({
      instances: INSTANCES,
      port: PORT + 1,
      env: serverEnv({
        DATABASE_URL: database.url,
        REDIS_URL: redis,
        TRUST_PROXY: '127.0.0.1',
        METRICS_TOKEN,
      }),
    });
    cleanups.push(() => cluster.stop());
    const nginx = await startNginx({ port: PORT, targets: cluster.urls });
    cleanups.push(() => nginx.stop());
    const shop = nginx.url;

    // Everything goes through nginx: sign-ups, the catalogue, the purchases, the checks.
    const admin = await signUp(shop, ADMIN_EMAIL, buyerIp(0));
    const buyers = await signUpBuyers(shop, BUYERS, 'failover', 6);

    const partId = await addPart(shop, admin, INITIAL_STOCK);

    const load = purchaseLoad(shop, buyers, partId);
    const { attempts, acknowledged, unexpected } = load;

    const victim = cluster.instances[1]!;
    await sleep(BEFORE_MS);
    const killedAt = performance.now();
    await victim.kill();
    await sleep(DOWN_MS);
    const restartAt = performance.now();
    await victim.start();
    const backAt = performance.now();
    await sleep(AFTER_MS);
    await load.stop();

    // A failure is only a purchase around the kill (settled after it, sent before the instance
    // was back): one the kill cut mid-request, or one nginx had sent on a kept-alive connection to
    // the dead instance before it noticed (nginx never sends a POST twice). Only as a 502 or a lost
    // connection: never a refusal, never before the kill or after the instance is back.
    const cut = attempts.filter((a) => a.sent <= killedAt && a.settled >= killedAt);
    const failed = attempts.filter((a) => !ok(a));
    for (const a of failed) {
      const label = a.error ?? String(a.status);
      if (a.settled < killedAt || a.sent >= backAt)
        unexpected.push(`not around the kill: ${label}`);
      else if (!a.error && (a.status ?? 0) < 500)
        unexpected.push(`refused after the kill: ${label}`);
    }
    const during = attempts.filter((a) => a.sent >= killedAt && a.sent < backAt);
    const cutFailed = cut.filter((a) => !ok(a)).length;
    const duringFailed = during.filter((a) => !ok(a)).length + cutFailed;
    const duringAll = during.length + cut.length;

    // The restarted instance serves again, directly and as one of nginx's: its own counters
    // (they start at 0 with the process) hold the orders it placed after the restart.
    const direct = await call(victim.url, 'GET', '/api/readyz');
    const metrics = await call<string>(victim.url, 'GET', '/api/metrics', {
      token: METRICS_TOKEN,
    });
    const placedAfter = Number(
      /^partsmith_orders_placed_total(?:\{[^}]*\})? (\d+)/m.exec(String(metrics.body))?.[1] ?? 0,
    );
    const after = attempts.filter((a) => a.sent >= backAt);

    const orders = (await allOrders(shop, admin)).filter((o) => o.partId === partId);
    const present = new Set(orders.map((o) => o._id));
    const lost = [...acknowledged.keys()].filter((id) => !present.has(id)).length;
    const sold = orders.reduce((sum, o) => sum + o.quantity, 0);
    const stock = await stockOf(shop, partId);
    const errors = nginx
      .errors()
      .split('\n')
      .filter((line) => /\[error\]/.test(line)).length;

    figure(
      `[failover] postgres x${INSTANCES} behind nginx${redis ? ' + REDIS_URL' : ''}: ` +
        `${attempts.length} purchases, instance 2 killed (kill -9) after ${BEFORE_MS / 1000} s, ` +
        `down ${((restartAt - killedAt) / 1000).toFixed(1)} s, back in ` +
        `${((backAt - restartAt) / 1000).toFixed(1)} s; ${lost} of ${acknowledged.size} ` +
        `acknowledged orders lost; stock ${stock} + sold ${sold} = ${stock + sold} ` +
        `(initial ${INITIAL_STOCK})`,
    );
    figure(
      `[failover]   failed while the instance was down: ${duringFailed} of ${duringAll} ` +
        `(${percent(duringFailed, duringAll)}: ${tally(failed.map((a) => a.error ?? String(a.status)))}); ` +
        `in flight at the kill ${cut.length}, of them failed ${cutFailed}; after it was back ${after.filter(ok).length} of ` +
        `${after.length} succeeded, ${placedAfter} of them placed by the restarted instance; nginx logged ${errors} upstream errors`,
    );
    expect(unexpected.slice(0, 5)).toEqual([]);
    expect(cut.length, 'purchases in flight at the kill').toBeGreaterThan(0);
    expect(acknowledged.size).toBeGreaterThan(0);
    expect(lost).toBe(0);
    expect(stock + sold).toBe(INITIAL_STOCK);
    expect(direct.status).toBe(200);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every(ok)).toBe(true);
    expect(placedAfter, 'orders the restarted instance placed').toBeGreaterThan(0);
    await nginx.stop();
    await cluster.stop();
  });
});
