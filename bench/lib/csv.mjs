// The catalogue's CSV import (issue 27) on the built server, and its reference: the same writes
// made by the server's own code on a database the bench opens (issue 44).
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { repoRoot } from './server.mjs';
import { load } from './statements.mjs';

/** The generated file the import's API test reads too (server/src/db/seed/catalogue-csv.ts). */
export async function generatedCsv(lines) {
  const { generatedCatalogueCsv } = await tsImport(
    path.join(repoRoot, 'server/src/db/seed/catalogue-csv.ts'),
    import.meta.url,
  );
  return generatedCatalogueCsv(lines);
}

/**
 * Imports `text` as the admin (`POST /api/parts/import`) and answers the wall time from sending
 * the file to the whole answer, and the number of parts the answer says were written.
 */
export async function timedImport(url, admin, text) {
  const started = performance.now();
  const res = await fetch(`${url}/api/parts/import`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${admin.token}`,
      'content-type': 'text/csv',
      origin: new URL(url).origin,
    },
    body: text,
  });
  const body = await res.text();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`the import answered ${res.status}: ${body.slice(0, 300)}`);
  return { ms, inserted: JSON.parse(body).insertedCount };
}

/**
 * The reference of an import (docs/decisions/055: the server's own code, without the server): the
 * import's writes made by the server's `writeImport` (modules/parts/csv-import.ts: its statements
 * of IMPORT_BATCH parts, each batch's audit entries and the import's; on PGlite with the rest it
 * takes after each statement, on PostgreSQL in one transaction) on `database`, a database of the
 * same kind the bench opened through the server's own driver code (db/client.ts). What it writes
 * is made before the timing, by the server's own code as its worker makes it: the file read and
 * checked (`readCatalogueCsv`, against the database's categories) and each statement's
 * parameters (`importRecords`). Answers `write()`, which writes the file's parts once more and
 * answers `{ ms, inserted }`.
 */
export async function bareImportWrite(database, text, actor) {
  const { listCategories } = await load('modules/parts/categories.ts');
  const { readCatalogueCsv } = await load('modules/parts/csv-checks.ts');
  const { importRecords } = await load('modules/parts/csv-statements.ts');
  const { IMPORT_BATCH, writeImport } = await load('modules/parts/csv-import.ts');
  const { rows, problems } = readCatalogueCsv(text, await listCategories(database.db));
  if (problems.length > 0)
    throw new Error(`the file has problems: ${JSON.stringify(problems.slice(0, 3))}`);
  const batch = IMPORT_BATCH[database.kind];
  const batches = [];
  for (let i = 0; i < rows.length; i += batch)
    batches.push(importRecords(rows.slice(i, i + batch)));
  return {
    async write() {
      const started = performance.now();
      const { created } = await writeImport(database, { batches }, actor);
      return { ms: performance.now() - started, inserted: created };
    },
  };
}
