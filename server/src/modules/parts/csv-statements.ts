import { sql } from 'drizzle-orm';
import type { PriceBreakCents } from '@partsmith/contract/pricing';
import type { DbOrTx } from '../../db/client.ts';
import { parts, type NewPartRow, type PartRow } from '../../db/schema/parts.ts';
import type { ImportRow } from './csv-checks.ts';

// The catalogue import's statements (csv.ts): what it writes of a part, and the INSERT and the
// UPDATE that write many parts from one JSON parameter.

/**
 * A part's fields as the file has them (a price in dollars, `price`; volume prices in dollars),
 * for the import's audit entries: what a line gave, or what an update changed.
 */
export function inFileTerms(
  part: Partial<Pick<PartRow, EditableField | 'sku' | 'id'>>,
): Record<string, unknown> {
  const terms: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(part)) {
    if (key === 'priceCents') terms.price = (value as number) / 100;
    else if (key === 'priceBreaks')
      terms.priceBreaks = (value as PriceBreakCents[]).map((b) => ({
        minQuantity: b.minQuantity,
        price: b.priceCents / 100,
      }));
    else if (key !== 'id') terms[key] = value;
  }
  return terms;
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
  leadTimeDays: 'integer',
  weightGrams: 'integer',
  listed: 'boolean',
  category: 'text',
  attributes: 'jsonb',
  priceBreaks: 'jsonb',
  sku: 'text',
} as const;
type ImportedColumn = keyof typeof IMPORTED;
export type ImportedPart = Required<Pick<NewPartRow, ImportedColumn>>;

/**
 * The fields a line edits, which an update compares with the part's: not the number, which finds
 * the part, nor the low-stock mark, which follows the stock.
 */
export const EDITABLE_FIELDS = [
  'name',
  'description',
  'image',
  'priceCents',
  'availableQuantity',
  'minOrderQuantity',
  'lowStockThreshold',
  'leadTimeDays',
  'weightGrams',
  'listed',
  'category',
  'attributes',
  'priceBreaks',
] as const satisfies readonly ImportedColumn[];
export type EditableField = (typeof EDITABLE_FIELDS)[number];

const IMPORTED_COLUMNS = Object.keys(IMPORTED) as ImportedColumn[];
const columnList = sql.join(
  IMPORTED_COLUMNS.map((key) => sql.identifier(parts[key].name)),
  sql`, `,
);
const recordType = (columns: readonly ImportedColumn[]) =>
  sql.raw(columns.map((key) => `"${parts[key].name}" ${IMPORTED[key]}`).join(', '));

/** A part's values as a record of `jsonb_to_recordset` (the columns' names). */
const record = (part: Partial<ImportedPart>, columns: readonly ImportedColumn[]) =>
  Object.fromEntries(columns.map((key) => [parts[key].name, part[key]]));

/**
 * Checked parts as the JSON parameter of one `insertRecords` (made in the import's worker
 * thread when it can be, so the server's thread only passes a string on).
 */
export function importRecords(chunk: readonly ImportRow[]): string {
  return JSON.stringify(chunk.map(({ part }) => record(part, IMPORTED_COLUMNS)));
}

/** What `insertRecords` answers of each part: enough for its audit entry. */
export type InsertedPart = Pick<PartRow, 'id' | 'sku' | EditableField>;
const INSERTED = ['id', 'sku', ...EDITABLE_FIELDS] as const;

/**
 * One INSERT of many parts, sent as one JSON parameter: on PGlite 10,000 parts went in about 20 %
 * faster than as Drizzle's multi-row VALUES (11 parameters a row), most of the rest being the
 * search document's trigger (migration 0015). Answers the new parts.
 */
export async function insertRecords(tx: DbOrTx, records: string): Promise<InsertedPart[]> {
  const returned = sql.join(
    INSERTED.map((key) => sql`${sql.identifier(parts[key].name)} as ${sql.identifier(key)}`),
    sql`, `,
  );
  const result = await tx.execute(sql`insert into ${parts} (${columnList})
    select ${columnList} from jsonb_to_recordset(${records}::jsonb) as r(${recordType(IMPORTED_COLUMNS)})
    returning ${returned}`);
  return (result as unknown as { rows: InsertedPart[] }).rows;
}

/** The columns an update may write: all of an import's but the number, which finds the part. */
export type UpdatedColumn = Exclude<ImportedColumn, 'sku'>;

/**
 * Changes of parts as the JSON parameter of one `writeUpdates`: each part's id and its values of
 * the columns the statement sets.
 */
export function updateRecords(
  changes: readonly { id: string; part: Partial<ImportedPart> }[],
  columns: readonly UpdatedColumn[],
): string {
  return JSON.stringify(changes.map(({ id, part }) => ({ _id: id, ...record(part, columns) })));
}

/**
 * One UPDATE of many parts from one JSON parameter (`updateRecords`), setting these columns
 * only: a column in the SET list runs its triggers even when its value stays (the search
 * document's for a name, a description, a category or attributes), and a stock an order changed
 * meanwhile is not written back. A deleted part is left alone. Answers the ids of the parts it
 * changed.
 */
export async function writeUpdates(
  tx: DbOrTx,
  records: string,
  columns: readonly UpdatedColumn[],
): Promise<string[]> {
  const assignments = sql.raw(
    columns.map((key) => `"${parts[key].name}" = r."${parts[key].name}"`).join(', '),
  );
  const result = await tx.execute(sql`update ${parts} as p set ${assignments}, "updated_at" = now()
    from jsonb_to_recordset(${records}::jsonb) as r(_id uuid, ${recordType(columns)})
    where p.id = r._id and p.deleted_at is null
    returning p.id as "id"`);
  return (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
}
