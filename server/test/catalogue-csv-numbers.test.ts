import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, isNull } from 'drizzle-orm';
import { CatalogueImportProblem } from '@partsmith/contract';
import { parts } from '../src/db/schema/index.ts';
import { insertParts } from '../src/db/seed/factories.ts';
import { CSV_BASE_HEADER } from '../src/db/seed/catalogue-csv.ts';
import { DB_KINDS, buildTestApp, type TestApp } from './helpers.ts';
import { signUp } from './auth-helpers.ts';

// The part numbers of the catalogue's CSV files (issue 46); the files' other columns are
// catalogue-csv-*.test.ts's.

/** The export's columns up to the part number (the newer ones may be left out). */
const EXPORT_HEADER = `${CSV_BASE_HEADER},priceBreaks,sku`;
const IMAGE = '/images/parts/ram-ddr5-32gb.svg';

describe.each(DB_KINDS)('part numbers in the catalogue as CSV on %s', (kind) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: { ADMIN_EMAILS: 'owner@example.com', LOG_LEVEL: 'silent' },
    });
    admin = (await signUp(t, { email: 'owner@example.com', name: 'Owner' })).cookie;
  });
  afterAll(() => t.close());

  const exportCsv = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/parts/export.csv',
      headers: { cookie: admin },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };
  const importCsv = (text: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/parts/import',
      headers: { cookie: admin, 'content-type': 'text/csv' },
      payload: text,
    });
  const listed = () =>
    t.database.db.select().from(parts).where(isNull(parts.deletedAt)).orderBy(asc(parts.seq));
  const countListed = async () => (await listed()).length;

  it('keeps a part number given, gives one of its own for an empty one or one the shop made', async () => {
    const line = (name: string, sku: string) => `${name},Fine.,${IMAGE},9.00,100,1,,,,${sku}`;
    const res = await importCsv(
      [
        EXPORT_HEADER,
        line('Numbered', 'CSV-NUM-1'),
        line('Unnumbered', ''),
        line('Numbered by another shop', 'PS-MEM-000777'),
        line('Lower case', ' csv-low-2 '),
      ].join('\r\n'),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 4, updated: 0, unchanged: 0, insertedCount: 4 });
    const rows = (await listed()).slice(-4);
    expect(rows.map((row) => row.name)).toEqual([
      'Numbered',
      'Unnumbered',
      'Numbered by another shop',
      'Lower case',
    ]);
    expect(rows[0]!.sku).toBe('CSV-NUM-1');
    for (const row of rows.slice(1, 3))
      expect(row.sku).toBe(`PS-GEN-${String(row.seq).padStart(6, '0')}`);
    expect(rows[3]!.sku).toBe('csv-low-2');
    expect(await exportCsv()).toContain(`Numbered,Fine.,${IMAGE},9.00,100,1,,,,CSV-NUM-1,`);
  });

  it('updates the part a number names, in any case, and names a deleted part’s number, a twin and a malformed one', async () => {
    const line = (name: string, sku: string) => `${name},Fine.,${IMAGE},9.00,100,1,,,,${sku}`;
    const [made] = await listed();
    const count = await countListed();
    // A number the shop made, and an admin's in another case: the parts they name are updated.
    const res = await importCsv(
      [EXPORT_HEADER, line('Renamed', made!.sku.toLowerCase()), line('Lower', 'CSV-LOW-2')].join(
        '\n',
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 0, updated: 2, unchanged: 0 });
    expect(await countListed()).toBe(count);
    const rows = await listed();
    expect(rows.find((row) => row.id === made!.id)).toMatchObject({
      name: 'Renamed',
      // The number is how the part was found: it keeps its own.
      sku: made!.sku,
    });
    expect(rows.find((row) => row.sku === 'csv-low-2')!.name).toBe('Lower');

    await insertParts(t.database.db, [
      { name: 'Gone', description: 'Deleted.', sku: 'CSV-GONE-1', deletedAt: new Date() },
    ]);
    const refused = await importCsv(
      [
        EXPORT_HEADER,
        line('Deleted number', 'csv-gone-1'),
        line('Twin', 'TWIN-1'),
        line('Other twin', 'twin-1'),
        line('Spaced', 'BAD SKU'),
        line('Long', 'A'.repeat(41)),
        line('Fine', 'CSV-OK-9'),
      ].join('\r\n'),
    );
    expect(refused.statusCode, refused.body).toBe(422);
    const body = CatalogueImportProblem.parse(refused.json());
    expect(body.message).toBe('4 lines have problems: nothing was imported.');
    expect(body.errors).toEqual([
      {
        line: 2,
        column: 'sku',
        message:
          'That part number is a deleted part’s: give the line another number, or leave it empty to have one made.',
      },
      { line: 4, column: 'sku', message: 'Line 3 has the same part number' },
      {
        line: 5,
        column: 'sku',
        message:
          'A part number is letters and digits, in groups joined by single dashes (FRG-D5-6000-32K)',
      },
      { line: 6, column: 'sku', message: 'A part number has at most 40 characters' },
    ]);
    expect(await countListed()).toBe(count);
  });
});
