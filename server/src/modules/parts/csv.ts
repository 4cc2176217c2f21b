import { and, asc, gt, isNull, sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import {
  AddPartBody,
  ATTRIBUTE_COLUMN_PREFIX,
  attributesSchema,
  CATALOGUE_CSV_COLUMNS,
  isGeneratedSku,
  toCents,
  type AttributeValue,
  type Attributes,
  type Category,
  type CsvProblem,
} from '@partsmith/contract';
import { breaksInCents, type PriceBreakCents } from '@partsmith/contract/pricing';
import type { DbOrTx } from '../../db/client.ts';
import { pageLimit } from '../../db/page-limit.ts';
import { parts, type NewPartRow, type PartRow } from '../../db/schema/parts.ts';
import { csvRecords, lineCounter } from './csv-records.ts';
import { lowStockMarkAfter } from './stock.ts';

/**
 * The catalogue as CSV (issue 27): the export's lines and the import's checks are pure functions
 * of the text and the categories; `insertRecords` writes checked rows (csv-import.ts).
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
const unescapeFormula = (text: string) => (ESCAPED_FORMULA.test(text) ? text.slice(1) : text);

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

const NUMBER = /^-?[0-9]+(?:\.[0-9]+)?$/;
const BREAKS_FORM =
  'Write each volume price as quantity@unit price in dollars, ";" between them: 10@8.50;50@7.90';
/** A piece of a cell as a message quotes it: text pasted in the wrong column can be long. */
const quoted = (text: string) => `"${text.length > 24 ? `${text.slice(0, 24)}…` : text}"`;

/**
 * A volume prices' cell as the breaks the contract checks (PriceBreakInput's rules then name
 * each break's problems), or what is wrong with its form. Spaces around the numbers and a last
 * `;` are let through.
 */
function readBreaks(
  text: string,
): { breaks: { minQuantity: string; price: string }[] } | { error: string } {
  const pieces = text.split(';').map((piece) => piece.trim());
  if (pieces.length > 1 && pieces.at(-1) === '') pieces.pop();
  const breaks = [];
  for (const [i, piece] of pieces.entries()) {
    const [minQuantity = '', price = '', ...more] = piece.split('@').map((n) => n.trim());
    if (more.length > 0 || !NUMBER.test(minQuantity) || !NUMBER.test(price))
      return { error: `Break ${i + 1} (${quoted(piece)}) is not quantity@price. ${BREAKS_FORM}` };
    breaks.push({ minQuantity, price });
  }
  return { breaks };
}

/** One part as the fields of its line. */
export function partFields(row: PartRow, keys: readonly string[]): string[] {
  return [
    escapeFormula(row.name),
    escapeFormula(row.description),
    escapeFormula(row.image),
    dollars(row.priceCents),
    String(row.availableQuantity),
    String(row.minOrderQuantity),
    row.lowStockThreshold === null ? '' : String(row.lowStockThreshold),
    row.category ?? '',
    breaksText(row.priceBreaks),
    row.sku,
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
 * keyset page of the listed parts (by `seq`), read as the client takes them, so a large catalogue
 * never sits in memory at once. Pages are separate statements, not one snapshot: a part added or
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

/** A checked line of an import: the part to insert, and where it came from. */
export interface ImportRow {
  line: number;
  part: ImportedPart;
}

export interface ReadCsv {
  rows: ImportRow[];
  /** Every problem found, in file order (the answer lists the first ones). */
  problems: CsvProblem[];
}

/** Which column holds what: the part's fields, and the attributes by key. */
interface Columns {
  part: Partial<Record<(typeof CATALOGUE_CSV_COLUMNS)[number], number>>;
  attributes: [key: string, index: number][];
}

const PART_COLUMNS: ReadonlySet<string> = new Set(CATALOGUE_CSV_COLUMNS);
/** Columns a file may leave out (an older file has no `priceBreaks`): empty means the same. */
const OPTIONAL_COLUMNS: ReadonlySet<string> = new Set([
  'lowStockThreshold',
  'category',
  'priceBreaks',
  'sku',
]);

function readHeader(
  header: string[],
  keys: ReadonlySet<string>,
): { columns: Columns; problems: CsvProblem[] } {
  const columns: Columns = { part: {}, attributes: [] };
  const problems: CsvProblem[] = [];
  const seen = new Set<string>();
  header.forEach((raw, index) => {
    const name = raw.trim();
    const problem = (message: string) => problems.push({ line: 1, column: name, message });
    if (seen.has(name)) return problem(`The column "${name}" appears twice`);
    seen.add(name);
    if (PART_COLUMNS.has(name)) columns.part[name as keyof Columns['part']] = index;
    else if (name.startsWith(ATTRIBUTE_COLUMN_PREFIX)) {
      const key = name.slice(ATTRIBUTE_COLUMN_PREFIX.length);
      if (!keys.has(key)) return problem(`"${key}" is not an attribute of any category`);
      columns.attributes.push([key, index]);
    } else problem(`Unknown column "${name}"`);
  });
  for (const name of CATALOGUE_CSV_COLUMNS)
    if (columns.part[name] === undefined && !OPTIONAL_COLUMNS.has(name))
      problems.push({ line: 1, message: `The column "${name}" is missing` });
  return { columns, problems };
}

/** A column's zod path as the file names it: `price`, `attr.speed`. */
const columnOf = (path: readonly PropertyKey[]) => String(path[0] ?? '') || undefined;

/**
 * Reads an import: the header (known columns only, each once), then every line checked with the
 * contract's rules, AddPartBody for the part and its category's `attributesSchema` for the
 * attributes, as POST /api/addParts checks them. Whether an `/uploads/` image exists is the
 * caller's to check (it needs the image store).
 */
export function readCatalogueCsv(text: string, categories: readonly Category[]): ReadCsv {
  const bytes = Buffer.from(text, 'utf8');
  const lineAt = lineCounter(bytes);
  const parsed = csvRecords(bytes);
  if (parsed.error)
    return {
      rows: [],
      problems: [{ line: lineAt(parsed.error.offset), message: parsed.error.message }],
    };
  const [header, ...body] = parsed.lines;
  if (!header)
    return { rows: [], problems: [{ line: 1, message: 'The file is empty: it needs a header' }] };
  const keys = new Set(attributeKeys(categories));
  const { columns, problems } = readHeader(header.fields, keys);
  if (problems.length > 0) return { rows: [], problems };
  if (body.length === 0)
    return { rows: [], problems: [{ line: 2, message: 'The file has no parts below its header' }] };

  const schemas = new Map(categories.map((c) => [c.slug, attributesSchema(c)]));
  const rows: ImportRow[] = [];
  /** Each part number given so far (upper case: unique in any case), and its line. */
  const lineOfSku = new Map<string, number>();
  for (const { fields, start } of body) {
    const line = lineAt(start);
    const before = problems.length;
    const problem = (message: string, column?: string) =>
      problems.push(column ? { line, column, message } : { line, message });
    if (fields.length !== header.fields.length) {
      problem(`This line has ${fields.length} fields; the header has ${header.fields.length}`);
      continue;
    }
    // An empty field is a missing value (coercing it would make 0 of a quantity).
    const cell = (index: number | undefined) => {
      const value = index === undefined ? '' : unescapeFormula(fields[index]!);
      return value === '' ? undefined : value;
    };
    const values: Record<string, unknown> = Object.fromEntries(
      Object.entries(columns.part).map(([name, index]) => [name, cell(index)]),
    );
    const breaksCell = values.priceBreaks as string | undefined;
    const breaks = breaksCell === undefined ? undefined : readBreaks(breaksCell);
    // A malformed cell is named after the contract's problems; the rest of the line is checked.
    values.priceBreaks = breaks && 'breaks' in breaks ? breaks.breaks : undefined;
    // A number the shop made names a part of the shop it was exported from: this one gets its own.
    if (typeof values.sku === 'string' && isGeneratedSku(values.sku)) values.sku = undefined;
    const checked = AddPartBody.safeParse(values);
    const issues = checked.error?.issues ?? [];
    for (const issue of issues) problem(issue.message, columnOf(issue.path));
    if (breaks && 'error' in breaks) problem(breaks.error, 'priceBreaks');

    const given: Record<string, string> = {};
    for (const [key, index] of columns.attributes) {
      const value = cell(index);
      if (value !== undefined) given[key] = value;
    }
    const slug = values.category as string | undefined;
    let attributes: Attributes = {};
    if (slug === undefined) {
      for (const key of Object.keys(given))
        problem('Choose a category before its attributes.', ATTRIBUTE_COLUMN_PREFIX + key);
    } else if (!schemas.has(slug)) {
      // A slug that is not even well formed was named above.
      if (!issues.some((issue) => issue.path[0] === 'category'))
        problem(`There is no category "${slug}"`, 'category');
    } else {
      const spec = schemas.get(slug)!.safeParse(given);
      if (spec.success) attributes = spec.data;
      else
        for (const issue of spec.error.issues)
          problem(issue.message, ATTRIBUTE_COLUMN_PREFIX + columnOf(issue.path));
    }

    const sku = checked.data?.sku?.toUpperCase();
    if (sku && lineOfSku.has(sku))
      problem(`Line ${lineOfSku.get(sku)} has the same part number`, 'sku');
    else if (sku) lineOfSku.set(sku, line);

    if (!checked.success || problems.length > before) continue;
    const p = checked.data;
    const lowStockThreshold = p.lowStockThreshold ?? null;
    rows.push({
      line,
      part: {
        name: p.name,
        description: p.description,
        image: p.image,
        priceCents: toCents(p.price),
        availableQuantity: p.availableQuantity,
        minOrderQuantity: p.minOrderQuantity,
        lowStockThreshold,
        lowStockAlertedAt: lowStockMarkAfter(
          { lowStockAlertedAt: null },
          { ...p, lowStockThreshold },
        ),
        category: slug ?? null,
        attributes,
        priceBreaks: breaksInCents(p.priceBreaks),
        // Empty: the insert trigger makes one.
        sku: p.sku ?? '',
      },
    });
  }
  return { rows, problems };
}

/** What an import writes of a part, with each column's SQL type for `jsonb_to_recordset`. */
const IMPORTED = {
  name: 'text',
  description: 'text',
  image: 'text',
  priceCents: 'integer',
  availableQuantity: 'integer',
  minOrderQuantity: 'integer',
  lowStockThreshold: 'integer',
  lowStockAlertedAt: 'timestamptz',
  category: 'text',
  attributes: 'jsonb',
  priceBreaks: 'jsonb',
  sku: 'text',
} as const;
type ImportedColumn = keyof typeof IMPORTED;
export type ImportedPart = Required<Pick<NewPartRow, ImportedColumn>>;

const IMPORTED_COLUMNS = Object.keys(IMPORTED) as ImportedColumn[];
const columnList = sql.join(
  IMPORTED_COLUMNS.map((key) => sql.identifier(parts[key].name)),
  sql`, `,
);
const recordType = sql.raw(
  IMPORTED_COLUMNS.map((key) => `"${parts[key].name}" ${IMPORTED[key]}`).join(', '),
);

/**
 * Checked parts as the JSON parameter of one `insertRecords` (made in the import's worker
 * thread, so the server's thread only passes a string on).
 */
export function importRecords(chunk: readonly ImportRow[]): string {
  return JSON.stringify(
    chunk.map(({ part }) =>
      Object.fromEntries(IMPORTED_COLUMNS.map((key) => [parts[key].name, part[key]])),
    ),
  );
}

/**
 * One INSERT of many parts, sent as one JSON parameter: on PGlite 10,000 parts went in about 20 %
 * faster than as Drizzle's multi-row VALUES (11 parameters a row), most of the rest being the
 * search document's trigger (migration 0015). Returns the parts' ids and names.
 */
export function insertRecords(tx: DbOrTx, records: string) {
  return tx.execute(sql`insert into ${parts} (${columnList})
    select ${columnList} from jsonb_to_recordset(${records}::jsonb) as r(${recordType})
    returning ${parts.id} as "_id", ${parts.name}`);
}
