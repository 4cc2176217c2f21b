// The catalogue's search by specification (issue 27) with 100,000 parts: its p99 against the
// server's own statement without the shop, its throughput, and its facet counts, on PostgreSQL
// and on PGlite.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { closeConnections } from '../lib/http-get.mjs';
import { load } from '../lib/load.mjs';
import { openBarePglite, pairedRounds } from '../lib/reference.mjs';
import {
  bareThroughput,
  facetMismatches,
  searchOnce,
  searchPath,
  searchSql,
} from '../lib/search.mjs';
import { createPgDatabase, seedPglite, seedPostgres } from '../lib/seed.mjs';
import { dropDatabases, pgliteEnv } from './shared.mjs';
import { jitterNote, owe, PG_ADMIN_URL, PORT, ROUND_SECONDS, SHORT } from './settings.mjs';

const SEARCH_PARTS = 100_000;
/** p99 of the search: rounds of requests, each followed by the same statement without the shop. */
const SEARCH_ROUNDS = 3;
const SEARCH_REQUESTS = SHORT ? 40 : 100;
const SEARCH_WARMUP = 20;
const SEARCH_P99_GOAL = 1.5;
const searchDb = `bench_${process.pid}_search`;

/** Whether every facet count of `answer` equals a plain count on `database`. */
async function addFacetFigure(b, database, query, answer) {
  const problems = await facetMismatches(query, answer);
  b.add({
    name: `facet counts exact, ${database}`,
    value: problems.length === 0 ? 1 : 0,
    unit: '',
    goal: 1,
    note: problems.length
      ? problems.slice(0, 3).join('; ')
      : `${answer.total} parts matched; every value of ${answer.facets.attributes.length} facets equals a plain count`,
  });
}

/**
 * The search's p99 through the shop at `url` against `reference` (sending the server's own
 * statement without it, `how`), in rounds of requests each followed by the reference.
 */
async function addSearchRatio(b, { database, url, referenceLabel, reference, how }) {
  const cpu = await b.sampleJitter(`search, ${database}`);
  const paired = await pairedRounds({
    rounds: SEARCH_ROUNDS,
    requests: SEARCH_REQUESTS,
    warmup: SEARCH_WARMUP,
    log: b.log,
    shop: () => searchOnce(url),
    reference: async () => {
      const begun = performance.now();
      await reference();
      return performance.now() - begun;
    },
  });
  b.addRatio({
    name: `p99 search / ${referenceLabel}, text + 2 facets, ${database}`,
    rounds: paired.rounds,
    reference: referenceLabel,
    sideUnit: ' ms',
    goal: SEARCH_P99_GOAL,
    higher: false,
    note:
      `${SEARCH_PARTS.toLocaleString('en')} parts (copies of the demo's 14, each with its category and attributes); ` +
      `${searchPath()}; ${SEARCH_ROUNDS} rounds of ${SEARCH_REQUESTS} sequential requests (no compression, one kept connection of Node's http client) after ${SEARCH_WARMUP} warm-up, each followed by ` +
      `the server's own statement (modules/parts/search.ts) ${how}; over all rounds, API median ${paired.shop.toFixed(1)} ms, bare median ${paired.reference.toFixed(1)} ms` +
      jitterNote(cpu),
  });
}

/** PostgreSQL: a database of its own, filled straight with SQL once the server has made it. */
async function onPostgres(b) {
  const url = await createPgDatabase(PG_ADMIN_URL, searchDb);
  const p = await b.start({
    name: 'postgres-search',
    port: PORT.pg,
    env: {
      DATABASE_URL: url,
      DATA_DIR: path.join(b.work, 'pg-search-data'),
      SEED_DEMO: 'true',
      BETTER_AUTH_SECRET: crypto.randomBytes(32).toString('base64'),
    },
  });
  b.phase = "the search step's seed (PostgreSQL)";
  const begun = performance.now();
  await seedPostgres(url, SEARCH_PARTS);
  b.log(`  seeded ${SEARCH_PARTS} parts in ${((performance.now() - begun) / 1000).toFixed(1)} s`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // Vacuumed as well as analysed, as a shop's catalogue is once autovacuum has been by (and as
  // the PGlite shop's is: its server vacuums before it listens, server/src/db/maintenance.ts):
  // the bulk load's entries merged from the search index's pending list, and no autovacuum
  // of 100,000 fresh rows starting in the middle of the timed requests.
  await client.query('vacuum (analyze)');
  try {
    b.phase = "the search step's requests (PostgreSQL)";
    const answer = await (await fetch(p.url + searchPath())).json();
    await addFacetFigure(
      b,
      'PostgreSQL',
      async (sql, params) => (await client.query(sql, params)).rows,
      answer,
    );
    const statement = await searchSql(p.url);
    await addSearchRatio(b, {
      database: 'PostgreSQL',
      url: p.url,
      referenceLabel: 'bare pg',
      reference: () => client.query(statement.sql, statement.params),
      how: 'sent by a bare pg client',
    });
    const rounds = [];
    for (let round = 0; round < 3; round++) {
      const api = await load({ url: p.url, path: searchPath(), seconds: ROUND_SECONDS });
      const bare = await bareThroughput(url, statement, { seconds: ROUND_SECONDS });
      rounds.push({ api: api.rps, bare });
    }
    const ratios = rounds.map((r) => r.api / r.bare).sort((x, y) => x - y);
    b.add({
      name: 'search throughput / bare pg, PostgreSQL',
      value: ratios[1],
      unit: 'x',
      goal: 0.5,
      note: `median of 3 interleaved rounds of ${ROUND_SECONDS} s, 8 connections each side: API ${rounds.map((r) => r.api.toFixed(0)).join(', ')}/s; the server's own statement (server/src/modules/parts/search.ts) on a bare pg pool ${rounds.map((r) => r.bare.toFixed(0)).join(', ')}/s`,
    });
  } finally {
    await client.end();
    closeConnections();
    await p.stop();
  }
}

/**
 * PGlite: a data folder the server makes, filled while it is stopped, and a copy of it for the
 * bare PGlite (the server holds its own folder).
 */
async function onPglite(b) {
  const dir = path.join(b.work, 'pglite-search');
  const copy = path.join(b.work, 'pglite-search-reference');
  const first = await b.start({ name: 'pglite-search-first', port: PORT.pg, env: pgliteEnv(dir) });
  await first.stop();
  b.phase = "the search step's seed (PGlite)";
  const begun = performance.now();
  await seedPglite(dir, SEARCH_PARTS);
  b.log(`  seeded ${SEARCH_PARTS} parts in ${((performance.now() - begun) / 1000).toFixed(1)} s`);
  fs.cpSync(dir, copy, { recursive: true });
  const g = await b.start({ name: 'pglite-search', port: PORT.pg, env: pgliteEnv(dir) });
  // Vacuumed and analysed as the server does its folder before it listens.
  const bare = await openBarePglite(path.join(copy, 'pglite'), b.sharedBuffers);
  try {
    await bare.query('vacuum (analyze)');
    b.phase = "the search step's requests (PGlite)";
    const answer = await (await fetch(g.url + searchPath())).json();
    const statement = await searchSql(g.url);
    await addSearchRatio(b, {
      database: 'PGlite',
      url: g.url,
      referenceLabel: 'bare PGlite',
      reference: () => bare.run(statement.sql, statement.params),
      how: "on a bare PGlite opened on a copy of the folder in the bench's process",
    });
    // The counts are checked on the copy: the same rows (the server changes no part here).
    await addFacetFigure(b, 'PGlite', bare.query, answer);
  } finally {
    await bare.close();
    closeConnections();
    await g.stop();
  }
}

export const search = {
  key: 'search',
  title: `catalogue search with text and two facets (${SEARCH_PARTS.toLocaleString('en')} parts)`,
  owed: [
    owe('p99 search / bare pg, text + 2 facets, PostgreSQL', SEARCH_P99_GOAL, { higher: false }),
    owe('search throughput / bare pg, PostgreSQL', 0.5),
    owe('facet counts exact, PostgreSQL', 1),
    owe('p99 search / bare PGlite, text + 2 facets, PGlite', SEARCH_P99_GOAL, { higher: false }),
    owe('facet counts exact, PGlite', 1),
  ],
  run: async (b) => {
    await onPostgres(b);
    await onPglite(b);
  },
  after: (b) => dropDatabases(b, [searchDb]),
};
