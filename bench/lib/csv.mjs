// The catalogue's CSV import (issue 27): 10,000 lines in under 10 s, on the built server.
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { repoRoot } from './server.mjs';

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
