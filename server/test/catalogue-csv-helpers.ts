import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, expect } from 'vitest';
import { asc, count, eq, isNull } from 'drizzle-orm';
import { CatalogueImportAnswer } from '@partsmith/contract';
import { auditLog, parts, type PartRow } from '../src/db/schema/index.ts';
import { CSV_BASE_HEADER as HEADER } from '../src/db/seed/catalogue-csv.ts';
import { buildTestApp, type DbKind, type TestApp } from './helpers.ts';
import { signUp } from './auth-helpers.ts';

// What the suites of the catalogue as CSV share: catalogue-csv-round-trip.test.ts (the export
// and its import back), catalogue-csv-import.test.ts (the files it reads and writes) and
// catalogue-csv-refusals.test.ts (the files and callers it refuses).

/** A file's header with volume prices, and the export's before the attributes. */
export const BREAKS_HEADER = `${HEADER},priceBreaks`;
export const EXPORT_HEADER = `${BREAKS_HEADER},sku,leadTimeDays,weightGrams,listed,id`;
export const IMAGE = '/images/parts/ram-ddr5-32gb.svg';

/** A part as the file carries it (no id, no dates but whether it is marked low on stock). */
export const asInFile = (row: PartRow) => ({
  name: row.name,
  description: row.description,
  image: row.image,
  priceCents: row.priceCents,
  availableQuantity: row.availableQuantity,
  minOrderQuantity: row.minOrderQuantity,
  lowStockThreshold: row.lowStockThreshold,
  lowStockMarked: row.lowStockAlertedAt !== null,
  category: row.category,
  attributes: row.attributes,
  priceBreaks: row.priceBreaks,
});

/** A CSV file as its records (the header first), and records as a file the export's way. */
export const recordsOf = (csv: string): string[][] => parse(csv, { bom: true });
export const fileOf = (records: string[][]) =>
  '\uFEFF' + stringify(records, { record_delimiter: 'windows', quoted_match: /[\r\n]/ });

/** The answer of an import that went through: its figures. */
export const figures = (answer: CatalogueImportAnswer) => ({
  created: answer.created,
  updated: answer.updated,
  unchanged: answer.unchanged,
});

/** The CSV suites' shop: owner@example.com its admin (`admin`: the cookie), one customer. */
export interface CatalogueCsvShop {
  t: TestApp;
  admin: string;
  customer: string;
}

/**
 * The shop of the `describe` that calls this, on a fresh database with its admin and a customer
 * signed up: opened before its tests, closed after them; `shop()` answers it once it is open.
 * With the calls the suites make on it.
 */
export function catalogueCsvSuite(kind: DbKind) {
  let opened: CatalogueCsvShop;
  beforeAll(async () => {
    const t = await buildTestApp(kind, {
      env: { ADMIN_EMAILS: 'owner@example.com', LOG_LEVEL: 'silent' },
    });
    const admin = (await signUp(t, { email: 'owner@example.com', name: 'Owner' })).cookie;
    const customer = (await signUp(t, { email: 'buyer@example.com', name: 'Buyer' })).cookie;
    opened = { t, admin, customer };
  });
  afterAll(() => opened.t.close());
  const shop = () => opened;

  const exportCsv = async () => {
    const { t, admin } = shop();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/parts/export.csv',
      headers: { cookie: admin },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="partsmith-catalogue.csv"',
    );
    return res.body;
  };
  const importCsv = (text: string, cookie = shop().admin, query = '') =>
    shop().t.app.inject({
      method: 'POST',
      url: `/api/parts/import${query}`,
      headers: { cookie, 'content-type': 'text/csv' },
      payload: text,
    });
  /** Imports a file that must go through, and answers its answer. */
  const imported = async (text: string, query = '') => {
    const res = await importCsv(text, shop().admin, query);
    expect(res.statusCode, res.body.slice(0, 1000)).toBe(200);
    return CatalogueImportAnswer.parse(res.json());
  };
  const db = () => shop().t.database.db;
  const listed = () =>
    db().select().from(parts).where(isNull(parts.deletedAt)).orderBy(asc(parts.seq));
  const countListed = async () => (await listed()).length;
  const countParts = async () => (await db().select({ n: count() }).from(parts))[0]!.n;
  const countAudit = async () => (await db().select({ n: count() }).from(auditLog))[0]!.n;
  const partById = async (id: string) =>
    (await db().select().from(parts).where(eq(parts.id, id)))[0]!;
  return {
    shop,
    exportCsv,
    importCsv,
    imported,
    listed,
    countListed,
    countParts,
    countAudit,
    partById,
  };
}
