import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, isNull } from 'drizzle-orm';
import { CatalogueImportProblem } from '@partsmith/contract';
import { parts } from '../src/db/schema/index.ts';
import { CSV_BASE_HEADER } from '../src/db/seed/catalogue-csv.ts';
import { DB_KINDS, buildTestApp, type TestApp } from './helpers.ts';
import { signUp } from './auth-helpers.ts';

// The part numbers of the catalogue's CSV files (issue 46); the files' other columns are
// catalogue-csv.test.ts's.

const EXPORT_HEADER = `${CSV_BASE_HEADER},priceBreaks,sku`;
const IMAGE = '/images/parts/ram-ddr5-32gb.svg';
const TAKEN = 'That part number is already used by another part.';

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

  it('keeps a part number given, gives one of its own for an empty one or one the shop made, and names a taken one', async () => {
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

    const count = await countListed();
    const refused = await importCsv(
      [
        EXPORT_HEADER,
        line('Taken', 'csv-num-1'),
        line('Taken too', 'CSV-LOW-2'),
        line('Twin', 'TWIN-1'),
        line('Other twin', 'twin-1'),
        line('Spaced', 'BAD SKU'),
        line('Long', 'A'.repeat(41)),
        line('Fine', 'CSV-OK-9'),
      ].join('\r\n'),
    );
    expect(refused.statusCode, refused.body).toBe(422);
    const body = CatalogueImportProblem.parse(refused.json());
    expect(body.message).toBe('5 lines have problems: nothing was imported.');
    expect(body.errors).toEqual([
      { line: 2, column: 'sku', message: TAKEN },
      { line: 3, column: 'sku', message: TAKEN },
      { line: 5, column: 'sku', message: 'Line 4 has the same part number' },
      {
        line: 6,
        column: 'sku',
        message:
          'A part number is letters and digits, in groups joined by single dashes (FRG-D5-6000-32K)',
      },
      { line: 7, column: 'sku', message: 'A part number has at most 40 characters' },
    ]);
    expect(await countListed()).toBe(count);
  });
});
