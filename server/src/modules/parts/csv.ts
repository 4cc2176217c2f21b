import { and, asc, gt, isNull } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import {
  ATTRIBUTE_COLUMN_PREFIX,
  CATALOGUE_CSV_COLUMNS,
  type AttributeValue,
  type CatalogueCsvColumn,
  type Category,
} from '@partsmith/contract';
import type { PriceBreakCents } from '@partsmith/contract/pricing';
import type { DbOrTx } from '../../db/client.ts';
import { pageLimit } from '../../db/page-limit.ts';
import { parts, type PartRow } from '../../db/schema/parts.ts';

/**
 * The catalogue as CSV (issue 27): the export's lines and the import's checks (csv-checks.ts) are
 * pure functions of the text and the categories; `insertRecords` (csv-statements.ts) writes
 * checked rows (csv-import.ts). Here: the header and the cells both directions share, and the
 * export.
 */

/** Every attribute key any category declares, once, in the categories' order. */
export function attributeKeys(categories: readonly Category[]): string[] {
  return [...new Set(categories.flatMap((c) => c.attributes.map((a) => a.key)))];
}

/** The header: the part's columns, then `attr.<key>` for each key. */
export const csvHeader = (keys: readonly string[]) => [
  ...CATALOGUE_CSV_COLUMNS,
  ...keys.map((key) => ATTRIBUTE_COLUMN_PREFIX + key),
];

/**
 * Text a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return)
 * gets a leading apostrophe, as in the orders' export; text that already starts with apostrophes
 * before such a character gets one more, so the import (`unescapeFormula`) gives back exactly
 * what was exported.
 */
const FORMULA = /^'*[=+\-@\t\r]/;
const ESCAPED_FORMULA = /^'+[=+\-@\t\r]/;
const escapeFormula = (text: string) => (FORMULA.test(text) ? `'${text}` : text);
export const unescapeFormula = (text: string) =>
  ESCAPED_FORMULA.test(text) ? text.slice(1) : text;

const attributeText = (value: AttributeValue | undefined) =>
  value === undefined ? '' : typeof value === 'string' ? escapeFormula(value) : String(value);

const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * The volume prices' cell: `quantity@unit price` per break, `;` between them (`10@8.50;50@7.90`,
 * "10 at $8.50"), empty for none. Digits and those two only, so never taken for a formula, nor
 * (with no colon) for a time by a spreadsheet that opens the file.
 */
const breaksText = (breaks: readonly PriceBreakCents[]) =>
  breaks.map((b) => `${b.minQuantity}@${dollars(b.priceCents)}`).join(';');

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** One part as the fields of its line, in the header's order. */
export function partFields(row: PartRow, keys: readonly string[]): string[] {
  const cells: Record<CatalogueCsvColumn, string> = {
    name: escapeFormula(row.name),
    description: escapeFormula(row.description),
    image: escapeFormula(row.image),
    price: dollars(row.priceCents),
    availableQuantity: String(row.availableQuantity),
    minOrderQuantity: String(row.minOrderQuantity),
    lowStockThreshold: row.lowStockThreshold === null ? '' : String(row.lowStockThreshold),
    category: row.category ?? '',
    priceBreaks: breaksText(row.priceBreaks),
    sku: row.sku,
    leadTimeDays: row.leadTimeDays === null ? '' : String(row.leadTimeDays),
    weightGrams: String(row.weightGrams),
    listed: yesNo(row.listed),
    id: row.id,
  };
  return [
    ...CATALOGUE_CSV_COLUMNS.map((column) => cells[column]),
    ...keys.map((key) => attributeText(row.attributes[key])),
  ];
}

/**
 * CSV lines (RFC 4180, CRLF). A field holding a quote, a comma or any line break is quoted:
 * csv-stringify quotes a field holding its record delimiter, so a lone LF in a description needs
 * `quoted_match` (https://csv.js.org/stringify/options/quoted_match/).
 */
export const csvLines = (records: readonly string[][]) =>
  stringify(records as string[][], { record_delimiter: 'windows', quoted_match: /[\r\n]/ });

const EXPORT_PAGE = 1000;

/**
 * The export: a byte-order mark (spreadsheets then read UTF-8), the header, then a chunk per
 * keyset page of the parts not deleted, listed or not (by `seq`), read as the client takes them,
 * so a large catalogue never sits in memory at once. Pages are separate statements, not one snapshot: a part added or
 * removed during the download may or may not be in it.
 */
export async function* catalogueCsv(
  db: DbOrTx,
  categories: readonly Category[],
): AsyncGenerator<string> {
  const keys = attributeKeys(categories);
  yield '\uFEFF' + csvLines([csvHeader(keys)]);
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(parts)
      .where(and(isNull(parts.deletedAt), gt(parts.seq, after)))
      .orderBy(asc(parts.seq))
      .limit(pageLimit(EXPORT_PAGE));
    if (rows.length === 0) return;
    yield csvLines(rows.map((row) => partFields(row, keys)));
    if (rows.length < EXPORT_PAGE) return;
    after = rows[rows.length - 1]!.seq;
  }
}
