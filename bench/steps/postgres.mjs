// The shop on PostgreSQL: idle memory, the uncached list against the raw ceiling, its p99 against
// a bare pg pool, purchases against pgbench (issue 44, decision 055), memory under that load.
import { LIST } from '../lib/cursors.mjs';
import { interleaved } from '../lib/load.mjs';
import { barePool, pgbenchRate } from '../lib/reference.mjs';
import { createPgDatabase, seedPostgres } from '../lib/seed.mjs';
import { ORDER, referenceUsers, signUpBuyers } from '../lib/shop.mjs';
import { listStatements, pageParams, purchaseStatement } from '../lib/statements.mjs';
import { sampleRss } from '../lib/stats.mjs';
import { purchaseRatio } from './purchases.mjs';
import {
  addPathLatency,
  dropDatabases,
  idleRss,
  postgresEnv,
  rawCeiling,
  referenceDatabase,
  withClient,
} from './shared.mjs';
import {
  BUYERS,
  CONNECTIONS,
  jitterNote,
  LOAD_SAMPLE_MS,
  owe,
  PG_ADMIN_URL,
  PORT,
  ROUND_SECONDS,
  ROUNDS,
} from './settings.mjs';

const P99_POSTGRES_PATH_GOAL = 3;
/** Purchases/s on PostgreSQL against pgbench (issue 44, decision 055). */
const PURCHASES_POSTGRES_GOAL = 0.75;

/** The uncached list's p99 against the server's two statements of such a page on a bare pool. */
async function pageLatency(b, p, url) {
  // The reference: the server's two statements of an uncached page on a bare pg pool the size
  // of the server's (DATABASE_POOL_SIZE's default), four callers at a time; reads only, so on
  // the shop's own database.
  const cpu = await b.sampleJitter('postgres');
  const [page, count] = await listStatements('0');
  const pagePool = barePool(url, 10);
  try {
    await addPathLatency(b, {
      name: 'p99 PostgreSQL path / bare pg, 4 connections',
      url: p.url,
      bareOnce: (cursor) =>
        Promise.all([
          pagePool.run({ sql: page.sql, params: pageParams(page, cursor) }),
          pagePool.run(count),
        ]),
      reference: 'bare pg',
      goal: P99_POSTGRES_PATH_GOAL,
      note: `a page no one asked before, every request; the reference: the server's statements of such a page (modules/parts/repository.ts) on a bare pg pool of 10, 4 at a time${jitterNote(cpu)}`,
    });
  } finally {
    await pagePool.close();
  }
}

export const postgres = {
  key: 'postgres',
  title: 'PostgreSQL',
  owed: [
    owe('RSS idle, PostgreSQL', 120, { higher: false }),
    owe('list uncached / raw, PostgreSQL', 0.04),
    owe('p99 PostgreSQL path / bare pg, 4 connections', P99_POSTGRES_PATH_GOAL, { higher: false }),
    owe('purchases/s / pgbench, PostgreSQL', PURCHASES_POSTGRES_GOAL),
    owe('stock invariant after purchases, PostgreSQL', 1),
    owe('RSS under load over idle, PostgreSQL', 100, { higher: false }),
  ],
  run: async (b) => {
    const refUrl = await referenceDatabase(b, `${b.pgName}_ref`, 'pg-ref-data');
    const refStockPart = await seedPostgres(refUrl, 1000);
    const url = await createPgDatabase(PG_ADMIN_URL, b.pgName);
    const p = await b.start({
      name: 'postgres',
      port: PORT.pg,
      env: postgresEnv(b, url, 'pg-data'),
    });
    const idle = await idleRss(p);
    b.add({ name: 'RSS idle, PostgreSQL', value: idle, unit: ' MB', goal: 120, higher: false });
    const stockPart = await seedPostgres(url, 1000);
    const sampler = sampleRss(p.pid, LOAD_SAMPLE_MS, () => b.phase);
    const { raw } = await rawCeiling(b, p.url);
    const [, uncached] = await interleaved({
      rounds: ROUNDS,
      log: b.log,
      variants: [
        {
          label: 'raw',
          url: raw.url,
          path: LIST,
          connections: CONNECTIONS,
          seconds: ROUND_SECONDS,
        },
        {
          label: 'shop',
          url: p.url,
          path: b.uncachedPaths(1000),
          connections: CONNECTIONS,
          seconds: ROUND_SECONDS,
        },
      ],
    });
    await raw.stop();
    b.running.delete(raw);
    b.add({
      name: 'list uncached / raw, PostgreSQL',
      value: uncached.ratio,
      unit: 'x',
      goal: 0.04,
      note: `shop ${uncached.rps.toFixed(0)}/s`,
    });
    await pageLatency(b, p, url);
    b.phase = `the postgres step's ${BUYERS} sign-ups`;
    const buyers = await signUpBuyers(p.url, BUYERS, 'postgres');
    b.phase = "the postgres step's purchase load";
    // The reference: pgbench sending the server's purchase statement for a customer of the
    // reference database, on its own stock part (one hot part, as the shop's load has).
    const refStatement = await withClient(refUrl, async (query) => {
      const [userId] = await referenceUsers(query, 1, 'pgbench');
      return purchaseStatement(
        { partId: refStockPart, ...ORDER },
        { id: userId, email: 'reference-pgbench-1@example.com', name: 'Bench Reference' },
      );
    });
    await purchaseRatio(b, {
      server: p,
      label: 'PostgreSQL',
      buyers,
      partId: stockPart,
      referenceLabel: 'pgbench',
      goal: PURCHASES_POSTGRES_GOAL,
      reference: (seconds) =>
        pgbenchRate({
          url: refUrl,
          statement: refStatement,
          seconds,
          clients: CONNECTIONS,
          workDir: b.work,
        }),
      note: `the reference: pgbench -M prepared -c ${CONNECTIONS} -j 1, pinned to the load core as autocannon is, sending the server's purchase statement (modules/orders/service.ts) with fixed values as its whole transaction, on a database of the shop's schema and 1,000 parts that no server holds`,
    });
    sampler.stop();
    const peak = sampler.peak();
    b.add({
      name: 'RSS under load over idle, PostgreSQL',
      value: peak.mb - idle,
      unit: ' MB',
      goal: 100,
      higher: false,
      note: `peak ${peak.mb.toFixed(0)} MB, reached in ${peak.phase}; sampled every ${LOAD_SAMPLE_MS} ms`,
    });
    await p.stop();
  },
  after: (b) => dropDatabases(b, [b.pgName, `${b.pgName}_ref`]),
};
