// The catalogue's CSV import (issue 27): 10,000 lines in under 10 s, on PGlite and PostgreSQL.
import path from 'node:path';
import { generatedCsv, timedImport } from '../lib/csv.mjs';
import { createPgDatabase } from '../lib/seed.mjs';
import { ADMIN_EMAIL, signUp } from '../lib/shop.mjs';
import { median } from '../lib/stats.mjs';
import { dropDatabases, pgliteEnv, postgresEnv } from './shared.mjs';
import { owe, PG_ADMIN_URL, PORT, SHORT } from './settings.mjs';

const CSV_LINES = 10_000;
const CSV_ROUNDS = SHORT ? 1 : 3;
const csvDb = `bench_${process.pid}_csv`;

/** CSV_ROUNDS imports of `text` into `server`: each round adds 10,000 more parts to the next's. */
async function measure(b, server, label, text) {
  b.phase = `the csv step's admin sign-up (${label})`;
  const admin = await signUp(server.url, ADMIN_EMAIL, '127.6.0.1');
  b.phase = `the csv step's imports (${label})`;
  const seconds = [];
  for (let round = 0; round < CSV_ROUNDS; round++) {
    const { ms, inserted } = await timedImport(server.url, admin, text);
    if (inserted !== CSV_LINES)
      throw new Error(`the import wrote ${inserted} parts, not ${CSV_LINES}`);
    seconds.push(ms / 1000);
  }
  b.add({
    name: `CSV import, 10,000 lines, ${label}`,
    value: median(seconds),
    unit: ' s',
    goal: 10,
    higher: false,
    note: `median of ${CSV_ROUNDS} (${seconds.map((s) => s.toFixed(2)).join(', ')} s) on the demo catalogue and the rounds before; ${(text.length / 1e6).toFixed(2)} MB, every line checked in a worker thread, ${label === 'PGlite' ? 'written in paced batches of 16 (other requests served between them)' : 'written in one transaction'}; from sending the file to its answer, the server on one core`,
  });
}

export const csv = {
  key: 'csv',
  title: `catalogue CSV import of ${CSV_LINES.toLocaleString('en')} lines, PGlite and PostgreSQL`,
  owed: [
    owe('CSV import, 10,000 lines, PGlite', 10, { higher: false }),
    owe('CSV import, 10,000 lines, PostgreSQL', 10, { higher: false }),
  ],
  run: async (b) => {
    const text = await generatedCsv(CSV_LINES);
    const g = await b.start({
      name: 'pglite-csv',
      port: PORT.pg,
      env: pgliteEnv(path.join(b.work, 'pglite-csv')),
    });
    try {
      await measure(b, g, 'PGlite', text);
    } finally {
      await g.stop();
    }
    const url = await createPgDatabase(PG_ADMIN_URL, csvDb);
    const p = await b.start({
      name: 'postgres-csv',
      port: PORT.pg,
      env: postgresEnv(b, url, 'pg-csv-data'),
    });
    try {
      await measure(b, p, 'PostgreSQL', text);
    } finally {
      await p.stop();
    }
  },
  after: (b) => dropDatabases(b, [csvDb]),
};
