import { describe, expect, it } from 'vitest';
import { CatalogueImportProblem } from '@partsmith/contract';
import { auditLog } from '../src/db/schema/index.ts';
import { CSV_BASE_HEADER as HEADER } from '../src/db/seed/catalogue-csv.ts';
import { insertParts } from '../src/db/seed/factories.ts';
import { DB_KINDS } from './helpers.ts';
import { BREAKS_HEADER, IMAGE, catalogueCsvSuite } from './catalogue-csv-helpers.ts';

// The CSV files the catalogue's import refuses, every wrong line named by its number and column
// and nothing written, and the callers it refuses. The files it reads are
// catalogue-csv-import.test.ts's.
describe.each(DB_KINDS)('the catalogue as CSV on %s', (kind) => {
  const { shop, importCsv, countListed, countParts } = catalogueCsvSuite(kind);

  it('names by line and column the lines that name parts wrongly or whose cells are not numbers', async () => {
    const { t } = shop();
    const [kept, spare, gone, breaks] = await insertParts(t.database.db, [
      { name: 'Kept', description: 'Fine.' },
      { name: 'Spare', description: 'Fine.' },
      { name: 'Deleted', description: 'Gone.', sku: 'CSV-GONE-1', deletedAt: new Date() },
      {
        name: 'With breaks',
        description: 'Fine.',
        priceCents: 1000,
        priceBreaks: [{ minQuantity: 10, priceCents: 800 }],
      },
    ]);
    const line = (sku: string, id: string, cells = '9.00,10,1', more = ',,0,yes') =>
      `${sku},${id},Name,Fine.,${IMAGE},${cells}${more}`;
    const text = [
      'sku,id,name,description,image,price,availableQuantity,minOrderQuantity,leadTimeDays,weightGrams,listed',
      line(kept!.sku, spare!.id),
      line('', kept!.id),
      line('CSV-OTHER-1', breaks!.id),
      line(gone!.sku, ''),
      line('CSV-ID-1', 'not-an-id'),
      line('CSV-NUM-1', '', '"9,00",1 000,ten'),
      line('CSV-NUM-2', '', '9.00,10,1', ',-1,1.5,sometimes'),
      line('CSV-NUM-3', '', '9.00,10,1', ',30,heavy,no'),
      line(kept!.sku, ''),
      line(breaks!.sku, '', '7.50,100,1'),
    ].join('\n');
    const partsBefore = await countParts();
    const res = await importCsv(text);
    expect(res.statusCode, res.body).toBe(422);
    const body = CatalogueImportProblem.parse(res.json());
    expect(body.message).toBe('10 lines have problems: nothing was imported.');
    const idOf = (sku: string, gives: string) =>
      `This is the id of part ${sku}, which the line gives ${gives}: the import finds parts by number, so the line would add a new part. Write the part's number back (change it on the part's page), or empty the id cell to add a new part.`;
    expect(body.errors).toEqual([
      {
        line: 2,
        column: 'id',
        message: `Part ${kept!.sku} has another id: this line is another part's (or another shop's). Empty the id cell to update ${kept!.sku} by its number.`,
      },
      { line: 3, column: 'id', message: idOf(kept!.sku, 'no number') },
      { line: 4, column: 'id', message: idOf(breaks!.sku, 'another number') },
      {
        line: 5,
        column: 'sku',
        message:
          'That part number is a deleted part’s: give the line another number, or leave it empty to have one made.',
      },
      {
        line: 6,
        column: 'id',
        message: 'Not a part id (the export writes them): empty the cell for a new part',
      },
      // A decimal comma is not taken for thousands.
      { line: 7, column: 'price', message: 'The price must be a number of dollars, such as 9.00' },
      {
        line: 7,
        column: 'availableQuantity',
        message: 'Available quantity must be a whole number, such as 40',
      },
      {
        line: 7,
        column: 'minOrderQuantity',
        message: 'Minimum quantity must be a whole number, such as 1',
      },
      { line: 8, column: 'leadTimeDays', message: 'The lead time cannot be negative' },
      { line: 8, column: 'weightGrams', message: 'The weight must be a whole number of grams' },
      { line: 8, column: 'listed', message: 'Listed is yes or no, not "sometimes"' },
      {
        line: 9,
        column: 'weightGrams',
        message: 'The weight must be a number of grams, such as 250 (empty: 0)',
      },
      { line: 10, column: 'sku', message: 'Line 2 has the same part number' },
      // The file has no volume prices: the part's own must still fit its new price.
      {
        line: 11,
        column: 'price',
        message:
          "Break 1: its unit price must be lower than the base price ($7.50): the part's volume prices, which the file has no column for",
      },
    ]);
    expect(await countParts()).toBe(partsBefore);
  });

  it('lists every wrong line with its number and column, and writes nothing', async () => {
    const { t } = shop();
    const count = await countListed();
    const auditBefore = (await t.database.db.select().from(auditLog)).length;
    const text = [
      `${HEADER},attr.type,attr.capacity,attr.speed,attr.casLatency,attr.kind`,
      `Good kit,Fine.,${IMAGE},99.00,10,1,,memory,DDR5,16,6000,30,`,
      `Bad price,Fine.,${IMAGE},abc,10,1,,memory,DDR5,16,6000,30,`,
      `Old kit,"Two lines:`,
      `DDR3 is gone",${IMAGE},20,10,1,,memory,DDR3,16,1600,9,`,
      `Nowhere,Fine.,${IMAGE},20,10,1,,cooling,,,,,`,
      `Short,line`,
      `,Fine.,${IMAGE},20,-1,1,,,,,,,`,
      `Loose,Fine.,${IMAGE},20,10,1,,,,,,,Cleaning`,
      `Lost image,Fine.,/uploads/nothing-here.webp,20,10,1,,,,,,,`,
      `Memory without speed,Fine.,${IMAGE},20,10,1,,memory,DDR4,8,,16,`,
    ].join('\n');
    const res = await importCsv(text);
    expect(res.statusCode, res.body).toBe(422);
    const body = CatalogueImportProblem.parse(res.json());
    expect(body).toMatchObject({
      statusCode: 422,
      error: 'Unprocessable Entity',
      message: '8 lines have problems: nothing was imported.',
    });
    expect(body.errors).toEqual([
      { line: 3, column: 'price', message: 'The price must be a number of dollars, such as 9.00' },
      {
        line: 4,
        column: 'attr.type',
        message: 'Type must be one of DDR4, DDR5',
      },
      { line: 6, column: 'category', message: 'There is no category "cooling"' },
      { line: 7, message: 'This line has 2 fields; the header has 13' },
      { line: 8, column: 'name', message: 'Product name is Required' },
      { line: 8, column: 'availableQuantity', message: 'Available quantity cannot be negative' },
      { line: 9, column: 'attr.kind', message: 'Choose a category before its attributes.' },
      { line: 10, column: 'image', message: 'Upload an image first.' },
      { line: 11, column: 'attr.speed', message: 'Speed is Required' },
    ]);
    expect(await countListed()).toBe(count);
    expect((await t.database.db.select().from(auditLog)).length).toBe(auditBefore);
  });

  it('refuses volume prices that are malformed or break the rules, by line and column', async () => {
    const count = await countListed();
    const line = (name: string, breaks: string, price = '10.00', minOrder = 1) =>
      `${name},Fine.,${IMAGE},${price},100,${minOrder},,,${breaks}`;
    const eleven = Array.from({ length: 11 }, (_, i) => `${10 * (i + 1)}@${9 - i * 0.5}`);
    const text = [
      BREAKS_HEADER,
      line('Good', '10@8.50;50@7.90'),
      line('Dash', '10-8.5'),
      line('Letters', 'x@1'),
      line('Half', '10@8.50;50'),
      line('Too few', '1@5'),
      line('Not cheaper', '10@10.00'),
      line('Out of order', '50@7.90;10@8.50'),
      line('Fraction of a cent', '10@8.505'),
      line('Eleven', eleven.join(';')),
      line('Bad price too', '10-8.5', 'abc'),
      line('Below the minimum order', '10@8', '10.00', 20),
    ].join('\r\n');
    const res = await importCsv(text);
    expect(res.statusCode, res.body).toBe(422);
    const body = CatalogueImportProblem.parse(res.json());
    expect(body.message).toBe('10 lines have problems: nothing was imported.');
    const malformed = (line: number, which: string) => ({
      line,
      column: 'priceBreaks',
      message: `${which} is not quantity@price. Write each volume price as quantity@unit price in dollars, ";" between them: 10@8.50;50@7.90`,
    });
    const broken = (line: number, message: string) => ({ line, column: 'priceBreaks', message });
    expect(body.errors).toEqual([
      malformed(3, 'Break 1 ("10-8.5")'),
      malformed(4, 'Break 1 ("x@1")'),
      malformed(5, 'Break 2 ("50")'),
      broken(6, 'Break 1: its quantity must be at least 2'),
      broken(6, 'Break 1: its quantity must be higher than the minimum order quantity (1)'),
      broken(7, 'Break 1: its unit price must be lower than the base price ($10.00)'),
      broken(8, "Break 2: its quantity must be higher than break 1's (50)"),
      broken(8, "Break 2: its unit price must be lower than break 1's ($7.90)"),
      broken(9, 'Break 1: its unit price has at most 2 decimals'),
      broken(10, 'At most 10 volume prices'),
      // The line's other problems are listed too.
      { line: 11, column: 'price', message: 'The price must be a number of dollars, such as 9.00' },
      malformed(11, 'Break 1 ("10-8.5")'),
      broken(12, 'Break 1: its quantity must be higher than the minimum order quantity (20)'),
    ]);
    expect(await countListed()).toBe(count);
  });

  it('refuses a header with unknown or missing columns, and a quote left open', async () => {
    const unknown = await importCsv(
      `name,description,image,price,availableQuantity,colour,attr.rgb\nA,B,${IMAGE},1,1,red,yes\n`,
    );
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual([
      { line: 1, column: 'colour', message: 'Unknown column "colour"' },
      { line: 1, column: 'attr.rgb', message: '"rgb" is not an attribute of any category' },
      { line: 1, message: 'The column "minOrderQuantity" is missing' },
    ]);
    const open = await importCsv(
      `${HEADER}\nA,"Two\r\nlines",${IMAGE},1,1,1,,\nB,"never closed,${IMAGE},1,1,1,,\nC,D,${IMAGE},1,1,1,,\n`,
    );
    expect(open.statusCode).toBe(422);
    expect(open.json().errors).toEqual([
      { line: 4, message: 'A quoted field is not closed: a " is missing' },
    ]);
    const empty = await importCsv('\uFEFF');
    expect(empty.json().errors).toEqual([
      { line: 1, message: 'The file is empty: it needs a header' },
    ]);
    const headerOnly = await importCsv(`${HEADER}\r\n`);
    expect(headerOnly.json().errors).toEqual([
      { line: 2, message: 'The file has no parts below its header' },
    ]);
  });

  it('is for admins only: a visitor gets 401, a customer 403, and only CSV is read', async () => {
    const { t, admin, customer } = shop();
    const line = `${HEADER}\nA,B,${IMAGE},1,1,1,,\n`;
    expect((await importCsv(line, '')).statusCode).toBe(401);
    expect((await importCsv(line, customer)).statusCode).toBe(403);
    for (const [cookie, status] of [
      ['', 401],
      [customer, 403],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/parts/export.csv',
        headers: cookie ? { cookie } : {},
      });
      expect(res.statusCode).toBe(status);
    }
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/parts/import',
      headers: { cookie: admin },
      payload: { name: 'A' },
    });
    expect(json.statusCode).toBe(415);
  });
});
