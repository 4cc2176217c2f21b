import { setTimeout as rest } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { inArray } from 'drizzle-orm';
import type { Category, CsvProblem } from '@partsmith/contract';
import type { Database, DbOrTx } from '../../db/client.ts';
import { parts } from '../../db/schema/parts.ts';
import { recordAudit, type Actor } from '../audit/service.ts';
import { insertRecords } from './csv.ts';

/**
 * The catalogue import's heavy work kept off the server's thread (issue 43): a 100,000-line file
 * is seconds of parsing and checking, done in a worker thread, and on the embedded database
 * (which runs on the server's thread) the parts are written a few at a time.
 */

/** What the worker found in a file. */
export interface ReadImport {
  /** The checked parts, as the JSON parameters of one INSERT each (none when there are problems). */
  batches: string[];
  /** How many parts the lines make. */
  count: number;
  /** The `/uploads/` images the lines name, by line (the image store is the caller's to ask). */
  uploads: { line: number; image: string }[];
  /** The part numbers the lines give, by line (whether another part has one is the caller's to ask). */
  skus: { line: number; sku: string }[];
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
  { records: string } | Pick<ReadImport, 'count' | 'uploads' | 'skus' | 'problems'>;

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
 * Parts per INSERT. PGlite runs each statement on the server's thread, and one at a time: a
 * statement of 16 parts (about 3 ms here in a quick phase of the machine, 10-20 ms in a slow one)
 * is about the longest another request waits for it. With 32 a statement, a request's p99 during
 * a 100,000-line import reached 3.5x its p99 without one in a slow phase (the hostile import
 * suite's limit is 3x), as the statement's time grew with the machine's slowness and the
 * requests' own did not as much.
 */
export const IMPORT_BATCH = { pglite: 16, postgres: 1000 } as const;

/** Reads and checks a file in a worker thread (`readCatalogueCsv`). */
export function readImport(work: ImportWork): Promise<ReadImport> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(work);
    const batches: string[] = [];
    let done = false;
    worker.on('message', (message: WorkerMessage) => {
      if ('records' in message) {
        batches.push(message.records);
        return;
      }
      done = true;
      resolve({ batches, ...message });
    });
    worker.on('error', reject);
    worker.on('exit', (code) => {
      if (!done) reject(new Error(`The CSV import's worker stopped (exit code ${code})`));
    });
  });
}

const added = (result: unknown) => (result as { rows: { _id: string; name: string }[] }).rows;

function audit(db: DbOrTx, actor: Actor, count: number, first: unknown[]) {
  return recordAudit(db, actor, {
    action: 'part.import',
    targetId: 'catalogue',
    summary: `Imported ${count} part${count === 1 ? '' : 's'} from a CSV file`,
    after: { insertedCount: count, first },
  });
}

/**
 * Writes the checked parts with one audit entry naming the first ones: all of them or, when a
 * write fails, none. On PostgreSQL that is one transaction, which holds no other request up.
 * PGlite has one session, which a transaction holds to its end (20 s for 100,000 parts here, every
 * other request waiting): there each batch is its own statement, other requests take the
 * database between them, and if one fails the parts already written are deleted again. The
 * parts then appear as they are written.
 */
export async function writeImport(database: Database, read: ReadImport, actor: Actor) {
  const { batches, count } = read;
  if (database.kind === 'postgres')
    return database.db.transaction(async (tx) => {
      let first: unknown[] = [];
      for (const [i, records] of batches.entries()) {
        const rows = added(await insertRecords(tx, records));
        if (i === 0) first = rows.slice(0, 10);
      }
      await audit(tx, actor, count, first);
      return count;
    });

  const db = database.db;
  const written: string[] = [];
  let first: unknown[] = [];
  try {
    for (const [i, records] of batches.entries()) {
      const started = performance.now();
      const rows = added(await insertRecords(db, records));
      for (const part of rows) written.push(part._id);
      if (i === 0) first = rows.slice(0, 10);
      // Rests as long as the statement took: the import has at most half of the thread, and a
      // request's few turns of the event loop each wait for one statement at most.
      await rest(performance.now() - started);
    }
    await audit(db, actor, count, first);
  } catch (error) {
    for (let i = 0; i < written.length; i += 1000)
      await db.delete(parts).where(inArray(parts.id, written.slice(i, i + 1000)));
    throw error;
  }
  return count;
}
