import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bareImportWrite, generatedCsv } from './csv.mjs';
import { load } from './statements.mjs';

// The CSV import's reference (docs/decisions/069): the server's own writes of a file's parts, on a
// database the bench opens, with their audit entries, once per call.
describe("the CSV import's reference", () => {
  let dir;
  let database;
  let count;
  beforeAll(async () => {
    const [{ openDatabase }, { runMigrations }, { seedDemo }] = await Promise.all([
      load('db/client.ts'),
      load('db/migrate.ts'),
      load('db/seed/seed.ts'),
    ]);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'partsmith-bench-csv-'));
    database = await openDatabase({ dataDir: dir });
    await runMigrations(database);
    await seedDemo(database.db);
    const raw = database.raw.client;
    count = async (sql) => Number((await raw.query(sql)).rows[0].n);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("writes the file's parts and their audit entries on each call, and times it", async () => {
    const before = await count('select count(*) as n from parts');
    const audits = await count('select count(*) as n from audit_log');
    const actor = { id: null, email: 'bench-admin@example.com' };
    const writes = await bareImportWrite(database, await generatedCsv(20), actor);
    for (let round = 1; round <= 2; round++) {
      const { ms, inserted } = await writes.write();
      expect(inserted).toBe(20);
      expect(ms).toBeGreaterThan(0);
      expect(await count('select count(*) as n from parts')).toBe(before + 20 * round);
      // One entry a part, and one for the import.
      expect(await count('select count(*) as n from audit_log')).toBe(audits + 21 * round);
    }
  });

  it('refuses a file with problems before anything is timed', async () => {
    const actor = { id: null, email: 'bench-admin@example.com' };
    await expect(bareImportWrite(database, 'name,price\n,abc\n', actor)).rejects.toThrow(
      /the file has problems/,
    );
  });
});
