// The catalogue's CSV import (issue 27) on PGlite and PostgreSQL, as a ratio to its own writes
// (issue 44, docs/decisions/069): the import through the shop (the file sent, read and checked in
// the server's worker, matched with the catalogue, written, answered) against the same writes
// made by the server's own code on a database of the same kind that the bench opens.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { bareImportWrite, generatedCsv, timedImport } from '../lib/csv.mjs';
import { openBarePglite, sideBySide } from '../lib/reference.mjs';
import { createPgDatabase } from '../lib/seed.mjs';
import { ADMIN_EMAIL, signUp } from '../lib/shop.mjs';
import { load } from '../lib/statements.mjs';
import { dropDatabases, pgliteEnv, postgresEnv } from './shared.mjs';
import { jitterNote, owe, PG_ADMIN_URL, PORT, SHORT } from './settings.mjs';

const CSV_LINES = 10_000;
const CSV_ROUNDS = SHORT ? 1 : 3;
/** The reading, checking and matching of a file may take as long again as writing its parts. */
const CSV_GOAL = 2;
const csvDb = `bench_${process.pid}_csv`;
const csvRefDb = `bench_${process.pid}_csv_ref`;
const figureName = (label) => `CSV import, 10,000 lines / its writes on a bare ${label}`;

/**
 * Starts a shop with `start()`, signs the admin up on it, stops it, has `copy()` make the
 * reference's database from its data (the admin's account in it too, for the audit entries'
 * actor), and starts the shop again on the same settings: answers the shop and the admin.
 */
async function shopAndCopy(b, start, copy) {
  let server = await start();
  b.phase = "the csv step's admin sign-up";
  const admin = await signUp(server.url, ADMIN_EMAIL, '127.6.0.1');
  await server.stop();
  await copy();
  server = await start();
  return { server, admin };
}

/**
 * CSV_ROUNDS rounds of the import through `server` beside its writes on `reference` (each round
 * adds 10,000 parts on each side), and the figure.
 */
async function measure(b, { label, server, admin, actor, reference, how }) {
  b.phase = `the csv step's imports (${label})`;
  const text = await generatedCsv(CSV_LINES);
  const writes = await bareImportWrite(reference, text, actor);
  const inSeconds = (done) => {
    if (done.inserted !== CSV_LINES)
      throw new Error(`an import wrote ${done.inserted} parts, not ${CSV_LINES}`);
    return done.ms / 1000;
  };
  const cpu = await b.sampleJitter(`csv, ${label}`);
  const rounds = await sideBySide({
    rounds: CSV_ROUNDS,
    log: b.log,
    unit: ' s',
    shop: async () => inSeconds(await timedImport(server.url, admin, text)),
    reference: async () => inSeconds(await writes.write()),
  });
  b.addRatio({
    name: figureName(label),
    rounds,
    reference: `bare ${label} writes`,
    sideUnit: ' s',
    goal: CSV_GOAL,
    higher: false,
    note:
      `${(text.length / 1e6).toFixed(2)} MB of ${CSV_LINES.toLocaleString('en')} new parts, on the demo catalogue and the rounds before; the shop from sending the file to its answer (read and checked in its worker thread, the server on one core); ` +
      `the reference: the server's own writeImport (modules/parts/csv-import.ts) of the same parts, read and checked by the server's own code before the timing, ${how}` +
      jitterNote(cpu),
  });
}

/** The admin's account as the reference's audit entries name it. */
async function actorOf(query, admin) {
  const [row] = await query('select id from users where email = $1', [admin.email]);
  if (!row) throw new Error(`no account ${admin.email} in the reference's database`);
  return { id: row.id, email: admin.email };
}

export const csv = {
  key: 'csv',
  title: `catalogue CSV import of ${CSV_LINES.toLocaleString('en')} lines against its own writes, PGlite and PostgreSQL`,
  owed: [
    owe(figureName('PGlite'), CSV_GOAL, { higher: false }),
    owe(figureName('PostgreSQL'), CSV_GOAL, { higher: false }),
  ],
  run: async (b) => {
    const { fromPgPool } = await load('db/client.ts');
    const { fromPglite } = await load('db/pglite.ts');

    const dir = path.join(b.work, 'pglite-csv');
    const copyDir = path.join(b.work, 'pglite-csv-reference');
    const pglite = await shopAndCopy(
      b,
      () => b.start({ name: 'pglite-csv', port: PORT.pg, env: pgliteEnv(dir) }),
      async () => fs.cpSync(path.join(dir, 'pglite'), copyDir, { recursive: true }),
    );
    const bare = await openBarePglite(copyDir, b.sharedBuffers);
    try {
      await measure(b, {
        label: 'PGlite',
        server: pglite.server,
        admin: pglite.admin,
        actor: await actorOf(bare.query, pglite.admin),
        reference: fromPglite(bare.client),
        how: "on a PGlite opened on a copy of the shop's folder in the bench's process, with the rest after each statement that the shop takes",
      });
    } finally {
      await bare.close();
      await pglite.server.stop();
    }

    const url = await createPgDatabase(PG_ADMIN_URL, csvDb);
    const env = postgresEnv(b, url, 'pg-csv-data');
    let refUrl;
    const postgres = await shopAndCopy(
      b,
      () => b.start({ name: 'postgres-csv', port: PORT.pg, env }),
      // The shop's database as its server left it (no connection holds it now).
      async () => {
        refUrl = await createPgDatabase(PG_ADMIN_URL, csvRefDb, csvDb);
      },
    );
    const pool = new pg.Pool({ connectionString: refUrl, max: 2 });
    try {
      await measure(b, {
        label: 'PostgreSQL',
        server: postgres.server,
        admin: postgres.admin,
        actor: await actorOf(async (q, v) => (await pool.query(q, v)).rows, postgres.admin),
        reference: fromPgPool(pool),
        how: "in one transaction on a bare pg pool of 2, on a copy of the shop's database",
      });
    } finally {
      await pool.end();
      await postgres.server.stop();
    }
  },
  after: (b) => dropDatabases(b, [csvDb, csvRefDb]),
};
