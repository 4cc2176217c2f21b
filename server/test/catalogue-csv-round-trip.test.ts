import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import { auditLog, parts } from '../src/db/schema/index.ts';
import { insertParts } from '../src/db/seed/factories.ts';
import { DB_KINDS } from './helpers.ts';
import {
  EXPORT_HEADER,
  IMAGE,
  asInFile,
  catalogueCsvSuite,
  figures,
  fileOf,
  recordsOf,
} from './catalogue-csv-helpers.ts';

// The catalogue's CSV export, and what importing it back does: nothing as it is, an update of
// the lines changed, new parts for new numbers. The files the import reads are
// catalogue-csv-import.test.ts's, the ones it refuses catalogue-csv-refusals.test.ts's.
describe.each(DB_KINDS)('the catalogue as CSV on %s', (kind) => {
  const { shop, exportCsv, imported, listed, countAudit, partById } = catalogueCsvSuite(kind);

  it('exports every part not deleted, listed or not, with its number, id and every editable field', async () => {
    const { t, admin } = shop();
    const made = await insertParts(t.database.db, [
      {
        name: 'Corsair Vengeance 32 GB',
        description: 'Two 16 GB modules.\nTested at 6000 MT/s.\r\nLifetime warranty.',
        priceCents: 11999,
        lowStockThreshold: 4,
        leadTimeDays: 14,
        weightGrams: 120,
        category: 'memory',
        attributes: { type: 'DDR5', capacity: 32, speed: 6000, casLatency: 30 },
        priceBreaks: [
          { minQuantity: 10, priceCents: 10999 },
          { minQuantity: 50, priceCents: 9950 },
          { minQuantity: 1000, priceCents: 1 },
        ],
      },
      {
        name: 'Bastion 850 W, "Gold"',
        description: 'Fully modular, quiet; 10-year warranty',
        priceCents: 12900,
        minOrderQuantity: 2,
        priceBreaks: [{ minQuantity: 3, priceCents: 12899 }],
        category: 'power-supplies',
        attributes: { wattage: 850, efficiency: '80 PLUS Gold', modular: false },
        // Not shown to visitors, but the admin's file has it.
        listed: false,
      },
      {
        name: 'Ryzen 7 9700X',
        description: 'Eight cores.',
        priceCents: 35900,
        category: 'processors',
        attributes: { socket: 'AM5', cores: 8, boostClock: 5.5, tdp: 65 },
      },
      // Text a spreadsheet would run as a formula comes back as it was.
      { name: '=HYPERLINK("x")', description: "'=already quoted", image: IMAGE },
      {
        name: 'Ünïcode 💾 tool',
        description: '-40 °C to +85 °C',
        availableQuantity: 0,
        // Marked below its threshold, as POST /api/addParts and the import mark it.
        lowStockAlertedAt: new Date(),
      },
      { name: 'Gone', description: 'Deleted.', deletedAt: new Date() },
    ]);
    expect(made).toHaveLength(6);

    const first = await exportCsv();
    expect(first.startsWith('\uFEFF')).toBe(true);
    const header = first.slice(1, first.indexOf('\r\n'));
    expect(header).toBe(
      `${EXPORT_HEADER},attr.type,attr.capacity,attr.speed,attr.casLatency,attr.socket,attr.chipset,attr.formFactor,attr.memoryType,attr.cores,attr.boostClock,attr.tdp,attr.memory,attr.fans,attr.length,attr.wattage,attr.efficiency,attr.modular,attr.interface,attr.kind,attr.esdSafe`,
    );
    expect(first).toContain(
      'Corsair Vengeance 32 GB,"Two 16 GB modules.\nTested at 6000 MT/s.\r\nLifetime warranty."',
    );
    // The part number after the volume prices (one the shop made), then the newer columns.
    expect(made[0]!.sku).toMatch(/^PS-MEM-[0-9]{6}$/);
    expect(first).toContain(
      `,119.99,100,1,4,memory,10@109.99;50@99.50;1000@0.01,${made[0]!.sku},14,120,yes,${made[0]!.id},DDR5,32,6000,30${','.repeat(16)}\r\n`,
    );
    expect(first).toContain(
      `,129.00,100,2,,power-supplies,3@128.99,${made[1]!.sku},,0,no,${made[1]!.id},`,
    );
    // A part without volume prices: an empty cell.
    expect(first).toContain(',359.00,100,1,,processors,,');
    expect(first).toContain('"Bastion 850 W, ""Gold"""');
    expect(first).toContain(`"'=HYPERLINK(""x"")",''=already quoted,`);
    expect(first).not.toContain('Gone');
    expect(recordsOf(first)).toHaveLength(1 + 5);

    // Compressed on the way, as a browser asks for it.
    const gzipped = await t.app.inject({
      method: 'GET',
      url: '/api/parts/export.csv',
      headers: { cookie: admin, 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(first);
  });

  it('imports its own export back as no change: nothing created, updated or written', async () => {
    const file = await exportCsv();
    const before = await listed();
    const audit = await countAudit();
    const answer = await imported(file);
    expect(answer).toEqual({
      acknowledged: true,
      dryRun: false,
      created: 0,
      updated: 0,
      unchanged: before.length,
      insertedCount: 0,
      errors: [],
    });
    // Not a row touched (its updated_at neither), and no audit entry.
    expect(await listed()).toEqual(before);
    expect(await countAudit()).toBe(audit);
    expect(await exportCsv()).toBe(file);
  });

  it('updates a part whose line changed (only what changed), audited with before and after', async () => {
    const { t } = shop();
    const records = recordsOf(await exportCsv());
    const [head, ...lines] = records as [string[], ...string[][]];
    const col = (name: string) => head.indexOf(name);
    const line = lines.find((l) => l[col('name')] === 'Ryzen 7 9700X')!;
    const id = line[col('id')]!;
    const stored = await partById(id);
    // The catalogue's cached answer of the part, to see it dropped.
    expect((await t.app.inject(`/api/part/${id}`)).json().name).toBe('Ryzen 7 9700X');

    line[col('price')] = '339.50';
    line[col('name')] = 'Ryzen 7 9700X (boxed)';
    const audit = await countAudit();
    const answer = await imported(fileOf(records));
    expect(figures(answer)).toEqual({ created: 0, updated: 1, unchanged: lines.length - 1 });
    expect(answer.insertedCount).toBe(0);

    const after = await partById(id);
    expect(after).toMatchObject({ name: 'Ryzen 7 9700X (boxed)', priceCents: 33950 });
    // The rest as it was; the change dated.
    expect({ ...after, name: stored.name, priceCents: stored.priceCents }).toMatchObject({
      ...stored,
      updatedAt: after.updatedAt,
      search: after.search,
    });
    expect(after.updatedAt.getTime()).toBeGreaterThan(stored.updatedAt.getTime());
    // The other parts are untouched.
    const others = await t.database.db
      .select({ updatedAt: parts.updatedAt })
      .from(parts)
      .where(and(isNull(parts.deletedAt), ne(parts.id, id)));
    for (const other of others)
      expect(other.updatedAt.getTime()).toBeLessThan(after.updatedAt.getTime());

    // One entry for the part, with what changed before and after, and one for the import.
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'part.import'))
      .orderBy(asc(auditLog.seq));
    expect(entries).toHaveLength(2);
    expect(await countAudit()).toBe(audit + 2);
    expect(entries[0]).toMatchObject({
      actorEmail: 'owner@example.com',
      targetId: id,
      summary: `Changed "Ryzen 7 9700X" (${stored.sku}) from a CSV file: name, price`,
      before: { name: 'Ryzen 7 9700X', price: 359 },
      after: { name: 'Ryzen 7 9700X (boxed)', price: 339.5 },
    });
    expect(entries[1]).toMatchObject({
      targetId: 'catalogue',
      summary: 'Imported a CSV file: 0 new parts, 1 changed part',
      after: { created: 0, updated: 1, insertedCount: 0 },
    });
    // The catalogue's cached answers were dropped.
    expect((await t.app.inject(`/api/part/${id}`)).json().name).toBe('Ryzen 7 9700X (boxed)');
  });

  it('adds a line whose number is new or empty, and leaves parts the file does not name alone', async () => {
    const { t } = shop();
    const records = recordsOf(await exportCsv());
    const [head, ...lines] = records as [string[], ...string[][]];
    const col = (name: string) => head.indexOf(name);
    const ryzen = lines.find((l) => l[col('name')] === 'Ryzen 7 9700X (boxed)')!;
    // Two new parts from a copy of a line: one with a number of its own, one with none.
    const numbered = [...ryzen];
    numbered[col('sku')] = 'AMD-9700X-TRAY';
    numbered[col('id')] = '';
    numbered[col('name')] = 'Ryzen 7 9700X (tray)';
    const unnumbered = [...numbered];
    unnumbered[col('sku')] = '';
    unnumbered[col('name')] = 'Ryzen 7 9700X (sample)';
    const before = await listed();
    const answer = await imported(fileOf([head, ryzen, numbered, unnumbered]));
    expect(figures(answer)).toEqual({ created: 2, updated: 0, unchanged: 1 });
    expect(answer.insertedCount).toBe(2);

    const after = await listed();
    expect(after.slice(0, before.length)).toEqual(before);
    const added = after.slice(before.length);
    expect(added.map((p) => [p.name, p.sku])).toEqual([
      ['Ryzen 7 9700X (tray)', 'AMD-9700X-TRAY'],
      ['Ryzen 7 9700X (sample)', `PS-PRO-${String(added[1]!.seq).padStart(6, '0')}`],
    ]);
    const stored = before.find((p) => p.id === ryzen[col('id')])!;
    for (const part of added)
      expect(asInFile(part)).toEqual({ ...asInFile(stored), name: part.name });
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'part.import'), eq(auditLog.targetId, added[0]!.id)));
    expect(entries).toEqual([
      expect.objectContaining({
        summary: 'Added "Ryzen 7 9700X (tray)" (AMD-9700X-TRAY) from a CSV file',
        before: null,
        after: expect.objectContaining({ sku: 'AMD-9700X-TRAY', price: 339.5, listed: true }),
      }),
    ]);
  });
});
