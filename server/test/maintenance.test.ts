// The embedded database has no autovacuum: the server vacuums and analyses it (src/db/maintenance.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import type { Database } from '../src/db/client.ts';
import { fromPglite, PGLITE_EXTENSIONS } from '../src/db/pglite.ts';
import { startMaintenance, WARM_BATCH_ROWS, type Maintenance } from '../src/db/maintenance.ts';
import { DB_KINDS, openTestDatabase } from './helpers.ts';

const quiet = { info: () => {}, warn: () => {} };

/** Adds `count` parts named `<label> 1`..`<label> <count>` in one statement. */
function insertParts(client: PGlite, label: string, count: number) {
  return client.exec(
    `insert into parts (name, description, image, price_cents, available_quantity, min_order_quantity)
     select '${label} ' || g, 'A part loaded in bulk.', '/p.webp', 100, 5, 1
     from generate_series(1, ${count}) g`,
  );
}

describe('database maintenance', () => {
  let database: Database | undefined;
  let maintenance: Maintenance | null = null;
  afterEach(async () => {
    await maintenance?.stop();
    await database?.close();
    maintenance = null;
    database = undefined;
  });

  it('vacuums and analyses the tables of the embedded database that need it', async () => {
    database = await openTestDatabase('pglite');
    if (database.raw.kind !== 'pglite') throw new Error('expected PGlite');
    const client = database.raw.client;
    await insertParts(client, 'Bulk part', 500);
    // The insert's activity counters reach the statistics now, not in the middle of the passes
    // below (a late flush made the second pass find the table changed).
    await client.query('select pg_stat_force_next_flush()');
    await client.query('select 1');
    const stats = async () =>
      (
        await client.query<{ vacuumed: boolean; analysed: boolean; live: number }>(
          `select last_vacuum is not null as vacuumed, last_analyze is not null as analysed,
                  n_live_tup::int as live
             from pg_stat_user_tables where relname = 'parts'`,
        )
      ).rows[0];
    expect(await stats()).toMatchObject({ vacuumed: false, analysed: false });

    maintenance = startMaintenance(database, quiet);
    const tables = (await maintenance?.runOnce()) ?? [];
    expect(tables).toContain('public.parts');
    const after = await stats();
    expect(after).toMatchObject({ vacuumed: true, analysed: true });
    expect(after?.live).toBeGreaterThanOrEqual(500);
    // Nothing changed since: the next pass has nothing to do.
    expect(await maintenance?.runOnce()).toEqual([]);
  });

  it('analyses a table once a tenth of it (and 50 rows) changed, as autovacuum would', async () => {
    database = await openTestDatabase('pglite');
    if (database.raw.kind !== 'pglite') throw new Error('expected PGlite');
    const client = database.raw.client;
    // The activity counters reach the statistics every so often, not at each commit.
    const flushed = async () => {
      await client.query('select pg_stat_force_next_flush()');
      await client.query('select 1');
    };
    await insertParts(client, 'Sold part', 400);
    await flushed();
    maintenance = startMaintenance(database, quiet);
    await maintenance?.runOnce();
    const estimate = async () =>
      (
        await client.query<{ rows: number }>(
          `select reltuples::int as rows from pg_class where relname = 'parts'`,
        )
      ).rows[0]!.rows;
    expect(await estimate()).toBeGreaterThanOrEqual(400);
    // 60 rows: under 50 + a tenth of 400, left alone.
    await insertParts(client, 'Second part', 60);
    await flushed();
    expect(await maintenance?.analyzeOnce()).toEqual([]);
    // 120 more: over it, analysed, and the planner's estimate follows.
    await insertParts(client, 'Third part', 120);
    await flushed();
    expect(await maintenance?.analyzeOnce()).toEqual(['public.parts']);
    expect(await estimate()).toBeGreaterThanOrEqual(580);
    expect(await maintenance?.analyzeOnce()).toEqual([]);
  });

  it('reads the listed catalogue into memory in batches, leaving deleted parts out', async () => {
    database = await openTestDatabase('pglite');
    if (database.raw.kind !== 'pglite') throw new Error('expected PGlite');
    const client = database.raw.client;
    await insertParts(client, 'Warm part', WARM_BATCH_ROWS * 2 + 7);
    await client.exec(
      `update parts set deleted_at = now() where name in ('Warm part 1', 'Warm part 2')`,
    );
    const listed = (
      await client.query<{ n: number }>(
        'select count(*)::int as n from parts where deleted_at is null',
      )
    ).rows[0]!.n;
    maintenance = startMaintenance(database, quiet);
    // More than two batches: every listed part is read, once.
    expect(await maintenance?.warm()).toBe(listed);
    expect(listed).toBeGreaterThan(WARM_BATCH_ROWS * 2);
  });

  it('after a restart, still finds a table that grew before it', async () => {
    database = await openTestDatabase('pglite');
    if (database.raw.kind !== 'pglite') throw new Error('expected PGlite');
    maintenance = startMaintenance(database, quiet);
    await maintenance?.runOnce();
    await insertParts(database.raw.client, 'Imported part', 2000);
    // A restart: the same files, opened anew. PGlite's activity counters do not survive it.
    const dump = await database.raw.client.dumpDataDir('none');
    await maintenance?.stop();
    await database.close();
    const client = await PGlite.create({ loadDataDir: dump, extensions: PGLITE_EXTENSIONS });
    database = fromPglite(client);
    const counters = await client.query<{ inserted: number }>(
      `select n_ins_since_vacuum::int as inserted from pg_stat_user_tables where relname = 'parts'`,
    );
    expect(counters.rows[0]?.inserted).toBe(0);

    maintenance = startMaintenance(database, quiet);
    expect(await maintenance?.runOnce()).toContain('public.parts');
    expect(await maintenance?.runOnce()).toEqual([]);
  });

  it.runIf(DB_KINDS.includes('postgres'))('leaves PostgreSQL to its autovacuum', async () => {
    database = await openTestDatabase('postgres');
    expect(startMaintenance(database, quiet)).toBeNull();
  });
});
