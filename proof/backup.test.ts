// Backups that restore: on PGlite and on PostgreSQL, `node server/dist/backup.js <file>` runs
// with the shop's own configuration while buyers keep purchasing; the shop is stopped, the file
// is restored with `node server/dist/restore.js <file>` into a new, empty data folder (or
// database), and a shop started on it serves. Every order acknowledged before the backup started
// is in the restored copy, and its stock + units ordered = the initial stock.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startCluster } from '../scripts/cluster.mjs';
import {
  ADMIN_EMAIL,
  BASE_PORT,
  FULL,
  createPostgresDatabase,
  postgresAvailable,
  serverEnv,
  tempDataDir,
} from './lib/env.ts';
import {
  acknowledgedAttempt,
  addPart,
  allOrders,
  buyerIp,
  call,
  figure,
  purchaseLoad,
  signInToken,
  signUp,
  signUpBuyers,
  stockOf,
} from './lib/shop.ts';

const BUYERS = 8;
const INITIAL_STOCK = 5_000_000;
/** Purchases before the backup starts (the backup then runs while they go on). */
const LOAD_BEFORE_MS = FULL ? 15_000 : 4_000;
const PORT = BASE_PORT + 70;

const root = fileURLToPath(new URL('..', import.meta.url));
const BACKUP = path.join(root, 'server/dist/backup.js');
const RESTORE = path.join(root, 'server/dist/restore.js');

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

type Env = Record<string, string | undefined>;

/** Runs one of the built commands with the shop's environment, as an operator would. */
function command(script: string, file: string, env: Env, port: number) {
  const full: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...process.env, ...env, PORT: String(port) }))
    if (value !== undefined) full[key] = value;
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [script, file], { cwd: root, env: full });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

interface Outcome {
  beforeBackup: number;
  duringBackup: number;
  restoredOrders: number;
  missing: number;
  stock: number;
  sold: number;
  bytes: number;
  backupSeconds: number;
  backupOutput: string;
  restoreSeconds: number;
  readyz: number;
  partList: number;
  purchasesAfterRestore: number;
  /** The slowest purchase answered before the backup, and while it ran (ms). */
  slowestBefore: number;
  slowestDuring: number;
  /** The shop's resident memory before the backup, and its peak while it ran (MiB). */
  rssBefore: number;
  rssPeak: number;
}

/** VmRSS of a process, in MiB. */
function rssOf(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return line ? Number(line[1]) / 1024 : 0;
}

/**
 * Purchases from BUYERS buyers; the backup runs after LOAD_BEFORE_MS, while they go on; they stop
 * when it ends; the shop stops; the file is restored with `restoreEnv` and a shop started on it.
 */
async function backupUnderLoad(shopEnv: Env, restoreEnv: Env, dir: string): Promise<Outcome> {
  const shop = await startCluster({ instances: 1, port: PORT, env: shopEnv });
  cleanups.push(() => shop.stop());
  const url = shop.urls[0]!;
  const admin = await signUp(url, ADMIN_EMAIL, buyerIp(0));
  const buyers = await signUpBuyers(url, BUYERS, 'backup', 4);
  const partId = await addPart(url, admin, INITIAL_STOCK);

  const load = purchaseLoad(url, buyers, partId);
  await new Promise((r) => setTimeout(r, LOAD_BEFORE_MS));
  const file = path.join(dir, 'shop.backup');
  const pid = shop.instances[0]!.pid!;
  const rssBefore = rssOf(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssOf(pid))), 20);
  const started = performance.now();
  const backup = await command(BACKUP, file, shopEnv, PORT);
  const ended = performance.now();
  clearInterval(sampler);
  await load.stop();
  await shop.stop();
  expect(backup.stderr).toBe('');
  expect(backup.code).toBe(0);
  expect(load.unexpected.slice(0, 5)).toEqual([]);
  // Every purchase before and during the backup was answered 200: the backup refused none.
  expect(load.attempts.filter((a) => !acknowledgedAttempt(a)).length).toBe(0);

  const restoreStarted = performance.now();
  const restore = await command(RESTORE, file, restoreEnv, PORT + 1);
  const restoreSeconds = (performance.now() - restoreStarted) / 1000;
  expect(restore.stderr).toBe('');
  expect(restore.code).toBe(0);

  const restored = await startCluster({ instances: 1, port: PORT + 1, env: restoreEnv });
  cleanups.push(() => restored.stop());
  const copy = restored.urls[0]!;
  const readyz = (await call(copy, 'GET', '/api/readyz')).status;
  const partList = (await call(copy, 'GET', '/api/allParts')).status;
  // No session comes back with the database (a restore empties them): the old token is refused
  // and everyone signs in again.
  const oldToken = (await call(copy, 'GET', `/api/admin/${ADMIN_EMAIL}`, { token: admin })).status;
  expect(oldToken).toBe(401);
  const adminAgain = await signInToken(copy, ADMIN_EMAIL, buyerIp(0));
  const orders = (await allOrders(copy, adminAgain)).filter((o) => o.partId === partId);
  const present = new Set(orders.map((o) => o._id));
  const before = load.attempts.filter((a) => acknowledgedAttempt(a) && a.settled < started);
  const during = load.attempts.filter(
    (a) => acknowledgedAttempt(a) && a.settled >= started && a.settled <= ended,
  );
  const outcome: Outcome = {
    beforeBackup: before.length,
    duringBackup: during.length,
    restoredOrders: orders.length,
    missing: before.filter((a) => !present.has(a.orderId!)).length,
    stock: await stockOf(copy, partId),
    sold: orders.reduce((sum, o) => sum + o.quantity, 0),
    bytes: fs.statSync(file).size,
    backupSeconds: (ended - started) / 1000,
    backupOutput: backup.stdout.trim(),
    restoreSeconds,
    readyz,
    partList,
    purchasesAfterRestore: 0,
    slowestBefore: Math.max(...before.map((a) => a.settled - a.sent)),
    slowestDuring: Math.max(0, ...during.map((a) => a.settled - a.sent)),
    rssBefore,
    rssPeak,
  };
  // The restored shop takes purchases again.
  const signedInAgain = await Promise.all(
    buyers.slice(0, 2).map(async (b) => ({ ...b, token: await signInToken(copy, b.email, b.ip) })),
  );
  const again = await purchaseLoad(copy, signedInAgain, partId);
  await new Promise((r) => setTimeout(r, 500));
  await again.stop();
  outcome.purchasesAfterRestore = again.acknowledged.size;
  await restored.stop();
  return outcome;
}

function check(label: string, o: Outcome) {
  figure(
    `[backup] ${label}: ${o.beforeBackup} orders acknowledged before the backup, ${o.duringBackup} during it ` +
      `(${o.backupSeconds.toFixed(1)} s, ${(o.bytes / 1024 / 1024).toFixed(1)} MiB); ` +
      `${o.restoredOrders} orders in the restored copy, ${o.missing} of those before missing; ` +
      `stock ${o.stock} + sold ${o.sold} = ${o.stock + o.sold} (initial ${INITIAL_STOCK})`,
  );
  figure(
    `[backup]   slowest purchase: ${Math.round(o.slowestBefore)} ms before the backup, ` +
      `${Math.round(o.slowestDuring)} ms while it ran; shop RSS ${o.rssBefore.toFixed(0)} MiB before, ` +
      `peak ${o.rssPeak.toFixed(0)} MiB while it ran`,
  );
  figure(
    `[backup]   restore ${o.restoreSeconds.toFixed(1)} s; restored shop: readyz ${o.readyz}, ` +
      `/api/allParts ${o.partList}, ${o.purchasesAfterRestore} purchases acknowledged after`,
  );
  figure(`[backup]   ${o.backupOutput.split('\n').join('\n[backup]   ')}`);
  expect(o.beforeBackup).toBeGreaterThan(0);
  expect(o.duringBackup, 'purchases acknowledged while the backup ran').toBeGreaterThan(0);
  expect(o.missing).toBe(0);
  expect(o.restoredOrders).toBeGreaterThanOrEqual(o.beforeBackup);
  expect(o.stock + o.sold).toBe(INITIAL_STOCK);
  expect(o.readyz).toBe(200);
  expect(o.partList).toBe(200);
  expect(o.purchasesAfterRestore).toBeGreaterThan(0);
}

describe('backup', () => {
  it('PGlite: a backup of the running shop under purchase load restores into a new data folder', async () => {
    const data = tempDataDir('backup');
    const restoredData = tempDataDir('backup-restored');
    const files = tempDataDir('backup-file');
    cleanups.push(
      () => data.remove(),
      () => restoredData.remove(),
      () => files.remove(),
    );
    const env = serverEnv({ DATA_DIR: data.dir, TRUST_PROXY: '127.0.0.1' });
    const outcome = await backupUnderLoad(env, { ...env, DATA_DIR: restoredData.dir }, files.dir);
    check('pglite', outcome);
    expect(outcome.backupOutput).toContain('made by the running shop');
  });

  it('postgres: pg_dump of the running shop under purchase load restores into a new database', async (ctx) => {
    if (!(await postgresAvailable())) ctx.skip(true, 'PostgreSQL is not answering');
    const database = await createPostgresDatabase('backup');
    const target = await createPostgresDatabase('backup_restored');
    cleanups.push(
      () => database.drop(),
      () => target.drop(),
    );
    const files = tempDataDir('backup-file');
    const data = tempDataDir('backup-pg');
    cleanups.push(
      () => files.remove(),
      () => data.remove(),
    );
    const env = serverEnv({
      DATABASE_URL: database.url,
      DATA_DIR: data.dir,
      TRUST_PROXY: '127.0.0.1',
    });
    const outcome = await backupUnderLoad(env, { ...env, DATABASE_URL: target.url }, files.dir);
    check('postgres', outcome);
    expect(outcome.backupOutput).toContain('pg_dump archive');
  });
});
