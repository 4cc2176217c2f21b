// What several steps use: the servers' environments, the raw ceiling, the references' databases.
// `b` is the run's context (bench/run.mjs): its work folder, log, servers and notes.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { cursorsOf, LIST } from '../lib/cursors.mjs';
import { capture, load } from '../lib/load.mjs';
import { loops, openBarePglite, sideBySide } from '../lib/reference.mjs';
import { createPgDatabase, dropPgDatabase } from '../lib/seed.mjs';
import { startRawServer } from '../lib/server.mjs';
import { ADMIN_EMAIL } from '../lib/shop.mjs';
import { rssMb, sleep } from '../lib/stats.mjs';
import { IDLE_SETTLE_MS, LATENCY_ROUNDS, PG_ADMIN_URL, PORT, ROUND_SECONDS } from './settings.mjs';

export const pgliteEnv = (dataDir) => ({
  DATA_DIR: dataDir,
  TRUST_PROXY: '127.0.0.1',
  ADMIN_EMAILS: ADMIN_EMAIL,
});
/** A shop on the PostgreSQL database at `url` (demo catalogue), its files in `work/<folder>`. */
export const postgresEnv = (b, url, folder) => ({
  DATABASE_URL: url,
  DATA_DIR: path.join(b.work, folder),
  SEED_DEMO: 'true',
  BETTER_AUTH_SECRET: crypto.randomBytes(32).toString('base64'),
  TRUST_PROXY: '127.0.0.1',
  ADMIN_EMAILS: ADMIN_EMAIL,
});

export function idleRss(server) {
  return sleep(IDLE_SETTLE_MS).then(() => rssMb(server.pid));
}

/** The shop's answer at `pagePath`, captured and replayed by a raw node:http server. */
export async function rawCeiling(b, url, pagePath = LIST) {
  const answer = await capture(url + pagePath);
  const file = path.join(b.work, `capture-${Date.now()}.json`);
  fs.writeFileSync(file, JSON.stringify(answer));
  const raw = await startRawServer({ port: PORT.raw, captureFile: file, logDir: b.logDir });
  b.running.add(raw);
  const cacheHeaders = Object.entries(answer.headers)
    .filter(([k]) => /cache/i.test(k))
    .map(([k, v]) => `${k}: ${v}`);
  return { raw, answer, cacheHeaders };
}

/**
 * The bare PGlite on dirRef, opened once in this process (the load core) and vacuumed and
 * analysed as the shop's server does its folder before it listens (server/src/db/maintenance.ts).
 */
export async function bareA(b) {
  if (!b.barePgliteA) {
    b.barePgliteA = await openBarePglite(path.join(b.dirRef, 'pglite'), b.sharedBuffers);
    await b.barePgliteA.query('vacuum (analyze)');
  }
  return b.barePgliteA;
}

/**
 * A PostgreSQL database of the shop's schema and demo catalogue that no server holds (the
 * references' own, decision 055: a server on the shop's database would send the order mails of
 * the reference's orders in the shop's next round): a server migrates and seeds it, then stops.
 */
export async function referenceDatabase(b, name, folder) {
  const url = await createPgDatabase(PG_ADMIN_URL, name);
  const maker = await b.start({
    name: `${name}-maker`,
    port: PORT.b,
    env: postgresEnv(b, url, folder),
  });
  await maker.stop();
  return url;
}

/** Runs `fn` on a bare `pg` client of `url` and ends it. */
export async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(async (sql, params) => (await client.query(sql, params)).rows);
  } finally {
    await client.end();
  }
}

/** Drops the bench's databases `names`; one that cannot be dropped is noted. */
export async function dropDatabases(b, names) {
  for (const name of names)
    await dropPgDatabase(PG_ADMIN_URL, name).catch((e) =>
      b.notes.push(`could not drop ${name}: ${e.message}`),
    );
}

/** Every answer's own time of `pathOf` at 4 connections for ROUND_SECONDS (its p99 and more). */
export const latencyLoad = (url, pathOf) =>
  load({ url, path: pathOf, connections: 4, seconds: ROUND_SECONDS, exactLatency: true });

/**
 * The p99 of pages no one asked before from the shop at `url`, against the server's statements of
 * such a page without it (`bareOnce(cursor)`, four callers at a time), in interleaved rounds.
 */
export async function addPathLatency(b, { name, url, bareOnce, reference, goal, note }) {
  const cursor = cursorsOf(1000);
  const barePages = () =>
    loops({ concurrency: 4, seconds: ROUND_SECONDS, once: (k) => bareOnce(cursor(k)) });
  b.addRatio({
    name,
    rounds: await sideBySide({
      rounds: LATENCY_ROUNDS,
      log: b.log,
      unit: ' ms',
      warmup: { reference: barePages },
      reference: async () => (await barePages()).p99,
      shop: async () => (await latencyLoad(url, b.uncachedPaths(1000))).p99,
    }),
    reference,
    sideUnit: ' ms',
    goal,
    higher: false,
    note,
  });
}
