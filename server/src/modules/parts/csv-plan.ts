import { setImmediate as turn, setTimeout as rest } from 'node:timers/promises';
import { sql, type SQL } from 'drizzle-orm';
import { priceBreakBaseIssues, type CsvProblem } from '@partsmith/contract';
import type { Database } from '../../db/client.ts';
import { parts, type PartRow } from '../../db/schema/parts.ts';
import type { ImportRow } from './csv-checks.ts';
import {
  EDITABLE_FIELDS,
  importRecords,
  inFileTerms,
  updateRecords,
  type EditableField,
  type ImportedPart,
  type UpdatedColumn,
} from './csv-statements.ts';
import type { ImportWrite, ReadImport, UpdateBatch } from './csv-import.ts';
import { inStock, lowStockMarkAfter } from './stock.ts';

/**
 * The catalogue import's matching (issue 48): each line's part number finds the part it updates,
 * or none, and the line makes a new part. What a line changes is what differs from the stored
 * part in the columns the file has; a line that says what the part already is writes nothing.
 */

/** A stored part as the import compares it. */
type StoredPart = Pick<PartRow, 'id' | 'sku' | 'deletedAt' | 'lowStockAlertedAt' | EditableField>;

const STORED = Object.fromEntries(
  (['id', 'sku', 'deletedAt', 'lowStockAlertedAt', ...EDITABLE_FIELDS] as const).map((key) => [
    key,
    parts[key],
  ]),
) as { [K in keyof StoredPart]: (typeof parts)[K] };

/** Numbers (or ids) per lookup: on PGlite each runs on the server's thread, as the writes do. */
const LOOKUP_BATCH = { pglite: 200, postgres: 1000 } as const;

/** The parts the lines name, by part number (upper case) and by id, deleted ones too. */
async function storedParts(database: Database, rows: readonly ImportRow[]) {
  const { db, kind } = database;
  const bySku = new Map<string, StoredPart>();
  const byId = new Map<string, StoredPart>();
  const keep = (found: StoredPart[]) => {
    for (const part of found) {
      bySku.set(part.sku.toUpperCase(), part);
      byId.set(part.id, part);
    }
  };
  const lookUp = async (values: string[], where: (batch: string[]) => SQL) => {
    for (let i = 0; i < values.length; i += LOOKUP_BATCH[kind]) {
      const started = performance.now();
      keep(
        await db
          .select(STORED)
          .from(parts)
          .where(where(values.slice(i, i + LOOKUP_BATCH[kind]))),
      );
      if (kind === 'pglite') await rest(performance.now() - started);
    }
  };
  // Each a lookup of the unique index on upper(sku), or of the primary key.
  const skus = rows.filter((row) => row.sku !== '').map((row) => row.sku.toUpperCase());
  await lookUp(skus, (batch) => sql`upper(${parts.sku}) = any(${sql.param(batch)}::text[])`);
  const ids = rows.flatMap((row) => (row.id && !byId.has(row.id) ? [row.id] : []));
  await lookUp(ids, (batch) => sql`${parts.id} = any(${sql.param(batch)}::uuid[])`);
  return { bySku, byId };
}

/** Two stored values alike: numbers, text, yes/no, or the attributes' and breaks' JSON. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => Object.hasOwn(b, key) && same(a[key as never], b[key as never]))
  );
}

/** What a line changes of its part: the fields that differ, and the low-stock mark with them. */
function changesOf(
  stored: StoredPart,
  part: ImportedPart,
  fields: readonly EditableField[],
): Partial<ImportedPart> {
  const changes: Partial<ImportedPart> = {};
  for (const field of fields)
    if (!same(stored[field], part[field])) Object.assign(changes, { [field]: part[field] });
  const after = { ...stored, ...changes };
  const mark = lowStockMarkAfter(stored, after);
  // Below the threshold (its own or the minimum order's) a part is marked, at or above it not.
  if (Object.keys(changes).length > 0 && (mark === null) !== (stored.lowStockAlertedAt === null))
    changes.lowStockAlertedAt = mark;
  return changes;
}

export type Outcome = 'created' | 'updated' | 'unchanged';

/** A line that changes its part. */
interface Change {
  line: number;
  stored: StoredPart;
  changes: Partial<ImportedPart>;
}

export interface ImportPlan {
  /** The lines that make new parts (none when the worker made their INSERTs: `read.batches`). */
  creates: ImportRow[];
  changes: Change[];
  /** What each line without a problem does. */
  outcomes: Map<number, Outcome>;
  created: number;
  updated: number;
  unchanged: number;
  /** The problems only the stored parts show, by line. */
  problems: CsvProblem[];
  /** The `/uploads/` images the new and the changed parts are to show, by line. */
  uploads: { line: number; image: string }[];
  /** Whether a change puts a part out of stock back in stock (its stock alerts then go out). */
  restocked: boolean;
}

/**
 * Gives other requests the thread after every 250 lines compared or written out: 100,000 lines
 * are a few hundred milliseconds of work, and on two busy cores a thousand at a time held a
 * request long enough to triple the categories' p99 (security/hostile-import.test.ts).
 */
function turns() {
  let since = 0;
  return async (lines: number) => {
    since += lines;
    if (since < 250) return;
    since = 0;
    await turn();
  };
}

const DELETED_SKU =
  'That part number is a deleted part’s: give the line another number, or leave it empty to have one made.';

/**
 * Matches the lines of a file with the catalogue's parts. A line's part number (in any case)
 * names the part it updates; a line whose number no part has, or with none, is a new part, which
 * gets that number or, for none or one of the form the shop makes (from another shop's file), a
 * number of its own. A number a deleted part had is a problem. The id the export writes is a
 * check: a line whose id is not the id of the part its number names is refused rather than
 * changing one part with another's line.
 */
export async function planImport(database: Database, read: ReadImport): Promise<ImportPlan> {
  const plan: ImportPlan = {
    creates: [],
    changes: [],
    outcomes: new Map(),
    created: 0,
    updated: 0,
    unchanged: 0,
    problems: [],
    uploads: [],
    restocked: false,
  };
  // Every line new: the worker made the INSERTs.
  if (read.rows.length === 0) {
    plan.created = read.count;
    plan.uploads = read.uploads;
    return plan;
  }
  const { bySku, byId } = await storedParts(database, read.rows);
  const keepsBreaks = !read.fields.includes('priceBreaks');
  const pause = turns();
  for (const row of read.rows) {
    await pause(1);
    const { line, part } = row;
    const problem = (column: string, message: string) =>
      plan.problems.push({ line, column, message });
    const stored = row.sku === '' ? undefined : bySku.get(row.sku.toUpperCase());
    if (stored?.deletedAt) {
      problem('sku', DELETED_SKU);
      continue;
    }
    if (!stored) {
      const other = row.id === undefined ? undefined : byId.get(row.id);
      if (other && !other.deletedAt) {
        problem(
          'id',
          `This is the id of part ${other.sku}, which the line gives ${row.sku ? 'another number' : 'no number'}: the import finds parts by number, so the line would add a new part. Write the part's number back (change it on the part's page), or empty the id cell to add a new part.`,
        );
        continue;
      }
      plan.creates.push(row);
      plan.outcomes.set(line, 'created');
      if (part.image.startsWith('/uploads/')) plan.uploads.push({ line, image: part.image });
      continue;
    }
    if (row.id !== undefined && row.id !== stored.id) {
      problem(
        'id',
        `Part ${stored.sku} has another id: this line is another part's (or another shop's). Empty the id cell to update ${stored.sku} by its number.`,
      );
      continue;
    }
    if (keepsBreaks) {
      // Volume prices the file leaves as they are must still be below a new price and above a
      // new minimum order.
      const breaks = stored.priceBreaks.map((b) => ({
        minQuantity: b.minQuantity,
        price: b.priceCents / 100,
      }));
      const base = { price: part.priceCents / 100, minOrderQuantity: part.minOrderQuantity };
      const issues = priceBreakBaseIssues(breaks, base);
      for (const issue of issues)
        problem(
          issue.path[1] === 'price' ? 'price' : 'minOrderQuantity',
          `${issue.message}: the part's volume prices, which the file has no column for`,
        );
      if (issues.length > 0) continue;
    }
    const changes = changesOf(stored, part, read.fields);
    if (Object.keys(changes).length === 0) {
      plan.outcomes.set(line, 'unchanged');
      continue;
    }
    plan.changes.push({ line, stored, changes });
    plan.outcomes.set(line, 'updated');
    if (changes.image?.startsWith('/uploads/')) plan.uploads.push({ line, image: changes.image });
    if (!inStock(stored) && inStock({ ...stored, ...changes })) plan.restocked = true;
  }
  for (const outcome of plan.outcomes.values()) plan[outcome] += 1;
  return plan;
}

/** The keys of a change, as the stored part had them (to put back, and for its audit entry). */
const before = (stored: StoredPart, changes: Partial<ImportedPart>) =>
  Object.fromEntries(
    Object.keys(changes).map((key) => [key, stored[key as keyof StoredPart]]),
  ) as Partial<ImportedPart>;

/**
 * The statements of a planned import, `batch` parts each. Changes are grouped by the columns they
 * set: a statement sets those only (`writeUpdates`).
 */
export async function planWrites(
  read: ReadImport,
  plan: ImportPlan,
  batch: number,
): Promise<ImportWrite> {
  const pause = turns();
  const batches = [...read.batches];
  for (let i = 0; i < plan.creates.length; i += batch) {
    await pause(batch);
    batches.push(importRecords(plan.creates.slice(i, i + batch)));
  }
  const groups = new Map<string, Change[]>();
  for (const change of plan.changes) {
    const key = Object.keys(change.changes).sort().join();
    const group = groups.get(key);
    if (group) group.push(change);
    else groups.set(key, [change]);
  }
  const updates: UpdateBatch[] = [];
  for (const group of groups.values()) {
    const columns = Object.keys(group[0]!.changes) as UpdatedColumn[];
    for (let i = 0; i < group.length; i += batch) {
      await pause(batch);
      const chunk = group.slice(i, i + batch);
      updates.push({
        columns,
        records: updateRecords(
          chunk.map(({ stored, changes }) => ({ id: stored.id, part: changes })),
          columns,
        ),
        restore: updateRecords(
          chunk.map(({ stored, changes }) => ({ id: stored.id, part: before(stored, changes) })),
          columns,
        ),
        count: chunk.length,
        audits: chunk.map(({ stored, changes }) => {
          // The low-stock mark follows the stock: the entry shows what the line changed.
          const { lowStockAlertedAt: _mark, ...edited } = changes;
          return {
            action: 'part.import',
            targetId: stored.id,
            summary: `Changed "${stored.name}" (${stored.sku}) from a CSV file: ${Object.keys(inFileTerms(edited)).join(', ')}`,
            before: inFileTerms(before(stored, edited)),
            after: inFileTerms(edited),
          };
        }),
      });
    }
  }
  return { batches, updates };
}
