import { setTimeout as rest } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { inArray } from 'drizzle-orm';
import type { Category, CsvProblem } from '@partsmith/contract';
import type { Database, DbOrTx } from '../../db/client.ts';
import { parts } from '../../db/schema/parts.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { recordAudit, recordAudits, removeAudits, type Actor } from '../audit/service.ts';
import type { ImportRow } from './csv-checks.ts';
import {
  inFileTerms,
  insertRecords,
  writeUpdates,
  type EditableField,
  type InsertedPart,
  type UpdatedColumn,
} from './csv-statements.ts';

/**
 * The catalogue import's heavy work kept off the server's thread (issue 43): a 100,000-line file
 * is seconds of parsing and checking, done in a worker thread, and on the embedded database
 * (which runs on the server's thread) the parts are written a few at a time.
 */

/** What the worker found in a file. */
export interface ReadImport {
  /**
   * When no line has a part number or an id, every line is a new part: their INSERT parameters,
   * one statement each, made in the worker (none when there are problems).
   */
  batches: string[];
  /** Otherwise every checked line, for `planImport` to match with the catalogue's parts. */
  rows: ImportRow[];
  /** How many lines were read without a problem. */
  count: number;
  /** The part's fields the file has columns for. */
  fields: EditableField[];
  /** The `/uploads/` images the lines name, by line (the image store is the caller's to ask). */
  uploads: { line: number; image: string }[];
  /** Every problem found, in file order. */
  problems: CsvProblem[];
}

/** The data `csv-worker.ts` is started with. */
export interface ImportWork {
  text: string;
  categories: readonly Category[];
  /** Parts per INSERT. */
  batch: number;
}

export type WorkerMessage =
  | { records: string }
  | { rows: ImportRow[] }
  | Pick<ReadImport, 'count' | 'fields' | 'uploads' | 'problems'>;

/** The worker as built (dist/csv-worker.js beside the server), or its source through tsx. */
function startWorker(workerData: ImportWork) {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./csv-worker.js', import.meta.url), { workerData });
  // From source (tests, `npm run dev`): a worker does not inherit the thread's TypeScript loader.
  const file = JSON.stringify(new URL('./csv-worker.ts', import.meta.url).href);
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${file}); })`,
    { eval: true, workerData },
  );
}

/**
 * Parts per INSERT or UPDATE. PGlite runs each statement on the server's thread, and one at a
 * time: a statement is about the longest another request waits for it, and its time grows with
 * the machine's load more than the requests' own do. With 32 a statement, a request's p99 during
 * a 100,000-line import reached 3.5x its p99 without one in a slow phase (the hostile import
 * suite's limit is 3x); with 16, 4.21x in a CI run at b40a561 (the import took 164 s, the
 * requests' p99 55 ms against 13 ms). With 8, beside the fuzzing suite: 1.46x, the import 112 s
 * (16 a statement: 1.68x and 1.82x, 92 and 99 s). On PostgreSQL the import is one transaction,
 * and the server's own work for each statement (its parameters, the parts it answers, their
 * audit entries) is what other requests wait for: 250 a statement, where 1,000 reached 3.05x once
 * in a CI run (0.99x to 2.19x in others).
 */
export const IMPORT_BATCH = { pglite: 8, postgres: 250 } as const;

/** Reads and checks a file in a worker thread (`readCatalogueCsv`). */
export function readImport(work: ImportWork): Promise<ReadImport> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(work);
    const batches: string[] = [];
    const rows: ImportRow[] = [];
    let done = false;
    worker.on('message', (message: WorkerMessage) => {
      if ('records' in message) batches.push(message.records);
      else if ('rows' in message) rows.push(...message.rows);
      else {
        done = true;
        resolve({ batches, rows, ...message });
      }
    });
    worker.on('error', reject);
    worker.on('exit', (code) => {
      if (!done) reject(new Error(`The CSV import's worker stopped (exit code ${code})`));
    });
  });
}

type AuditEntry = Parameters<typeof recordAudit>[2];

/** Changed parts for one UPDATE (`updateRecords`), with what puts them back as they were. */
export interface UpdateBatch {
  /** The columns the statement sets: those its parts change. */
  columns: UpdatedColumn[];
  records: string;
  /** The same parts' changed columns as they were before (a failed import on PGlite). */
  restore: string;
  /** How many parts the statement changes. */
  count: number;
  audits: AuditEntry[];
}

/** What an import writes. */
export interface ImportWrite {
  /** New parts, as the JSON parameters of one INSERT each. */
  batches: readonly string[];
  /** Changed parts, one UPDATE each. */
  updates?: readonly UpdateBatch[];
}

/** Told when a part an import changes went (or was deleted) while it was being written. */
export const PART_GONE =
  'A part of the file was deleted while it was being imported. Nothing was imported: try again.';

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

const addedEntries = (rows: readonly InsertedPart[]): AuditEntry[] =>
  rows.map((part) => ({
    action: 'part.import',
    targetId: part.id,
    summary: `Added "${part.name}" (${part.sku}) from a CSV file`,
    after: inFileTerms(part),
  }));

/** The import as one entry, beside its parts' own: who imported a file, and what it did. */
const importEntry = (created: number, updated: number): AuditEntry => ({
  action: 'part.import',
  targetId: 'catalogue',
  summary: `Imported a CSV file: ${plural(created, 'new part')}, ${plural(updated, 'changed part')}`,
  after: { created, updated, insertedCount: created },
});

/**
 * One statement of an import and its parts' audit entries. An UPDATE that changes fewer parts
 * than it names met a part deleted since the file was checked: the import stops (409).
 */
async function writeBatch(
  db: DbOrTx,
  actor: Actor,
  step: { insert: string } | { update: UpdateBatch },
  written: { created: string[]; restores: UpdateBatch[]; audits: string[] },
  /** Awaited between the batch's two statements (the parts, then their audit entries). */
  between: () => Promise<unknown>,
) {
  if ('insert' in step) {
    const rows = await insertRecords(db, step.insert);
    written.created.push(...rows.map((row) => row.id));
    await between();
    written.audits.push(...(await recordAudits(db, actor, addedEntries(rows))));
    return;
  }
  const { update } = step;
  const changed = await writeUpdates(db, update.records, update.columns);
  if (changed.length > 0) written.restores.push(update);
  if (changed.length !== update.count) throw new HttpError(409, PART_GONE);
  await between();
  written.audits.push(...(await recordAudits(db, actor, update.audits)));
}

/**
 * Writes the new and the changed parts, an audit entry for each and one for the import: all of
 * it or, when a write fails, none. On PostgreSQL that is one transaction, which holds no other
 * request up. PGlite has one session, which a transaction holds to its end (20 s for 100,000 parts
 * here, every other request waiting): there each batch is its own statement, other requests take
 * the database between them, and if one fails what was already written is taken back (the new
 * parts deleted, the changed ones given their values back, the entries removed). The parts then
 * appear as they are written. Answers how many parts were added and changed.
 */
export async function writeImport(
  database: Database,
  write: ImportWrite,
  actor: Actor,
): Promise<{ created: number; updated: number }> {
  const steps = [
    ...write.batches.map((insert) => ({ insert })),
    ...(write.updates ?? []).map((update) => ({ update })),
  ];
  const written = {
    created: [] as string[],
    restores: [] as UpdateBatch[],
    audits: [] as string[],
  };
  const counts = () => ({
    created: written.created.length,
    updated: (write.updates ?? []).reduce((sum, update) => sum + update.count, 0),
  });
  if (database.kind === 'postgres')
    return database.db.transaction(async (tx) => {
      for (const step of steps) await writeBatch(tx, actor, step, written, async () => {});
      const { created, updated } = counts();
      await recordAudit(tx, actor, importEntry(created, updated));
      return { created, updated };
    });

  const db = database.db;
  try {
    // After each statement, a rest as long as it took: the import has at most half of the
    // thread, and a request's few turns of the event loop each wait for one statement at most
    // (a batch's audit entries followed its parts at once: a request waited for both).
    let started = performance.now();
    const restAfterStatement = async () => {
      await rest(performance.now() - started);
      started = performance.now();
    };
    for (const step of steps) {
      await writeBatch(db, actor, step, written, restAfterStatement);
      await restAfterStatement();
    }
    const { created, updated } = counts();
    await recordAudit(db, actor, importEntry(created, updated));
    return { created, updated };
  } catch (error) {
    await removeAudits(db, written.audits);
    for (const update of written.restores.toReversed())
      await writeUpdates(db, update.restore, update.columns);
    for (let i = 0; i < written.created.length; i += 1000)
      await db.delete(parts).where(inArray(parts.id, written.created.slice(i, i + 1000)));
    throw error;
  }
}
