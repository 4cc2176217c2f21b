import { Readable } from 'node:stream';
import { CATALOGUE_CSV_ERRORS_MAX, type CsvProblem } from '@partsmith/contract';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../lib/http-errors.ts';
import type { Actor } from '../audit/service.ts';
import { listCategories } from './categories.ts';
import { IMPORT_BATCH, readImport, writeImport, type ReadImport } from './csv-import.ts';
import { catalogueCsv } from './csv.ts';
import { brokeUniqueIndex, SKU_TAKEN, takenSkus } from './skus.ts';

/** The `/uploads/` images the lines name that the image store does not have, by line. */
async function missingUploads(
  has: (url: string) => Promise<boolean>,
  named: ReadImport['uploads'],
): Promise<CsvProblem[]> {
  const uploads = [...new Set(named.map((u) => u.image))];
  const missing = new Set<string>();
  // A few at a time: with S3_BUCKET each is a request.
  for (let i = 0; i < uploads.length; i += 8) {
    const batch = uploads.slice(i, i + 8);
    const found = await Promise.all(batch.map(has));
    batch.forEach((url, j) => found[j] || missing.add(url));
  }
  return named
    .filter((u) => missing.has(u.image))
    .map((u) => ({ line: u.line, column: 'image', message: 'Upload an image first.' }));
}

/**
 * The catalogue's CSV file: the export streamed as it is read, the import checked whole before
 * anything is written, and told (`catalogueChanged`) once committed.
 */
export function createCatalogueCsvService(deps: {
  database: Database;
  /** Whether the image store holds an uploaded image. */
  hasImage: (url: string) => Promise<boolean>;
  catalogueChanged: () => void;
}) {
  const { database, hasImage, catalogueChanged } = deps;
  const { db } = database;
  return {
    /** The catalogue as a CSV file, streamed as it is read (catalogueCsv). */
    async exportCsv(): Promise<Readable> {
      const categories = await listCategories(db);
      return Readable.from(catalogueCsv(db, categories), { objectMode: false });
    },

    /**
     * Adds every part of a CSV file or, when a line is wrong, none: a 422 lists the problems (at
     * most CATALOGUE_CSV_ERRORS_MAX) in file order. Answers how many parts were added.
     */
    async importCsv(text: string, admin: Actor): Promise<number> {
      const categories = await listCategories(db);
      // Read in a worker thread: seconds of parsing for a large file would stall every request.
      const read = await readImport({ text, categories, batch: IMPORT_BATCH[database.kind] });
      const missing = await missingUploads(hasImage, read.uploads);
      const taken = await takenSkus(db, read.skus);
      // In file order (a stable sort keeps each line's problems in their columns' order).
      const problems = read.problems.concat(missing, taken).sort((a, b) => a.line - b.line);
      if (problems.length > 0) {
        const lines = new Set(problems.map((p) => p.line)).size;
        throw new HttpError(
          422,
          `${lines === 1 ? 'One line has' : `${lines} lines have`} problems: nothing was imported.`,
          {},
          { errors: problems.slice(0, CATALOGUE_CSV_ERRORS_MAX) },
        );
      }
      const insertedCount = await writeImport(database, read, admin).catch((error: unknown) => {
        // Checked above; another part took one of the numbers meanwhile.
        if (brokeUniqueIndex(error))
          throw new HttpError(409, `${SKU_TAKEN} Nothing was imported: try again.`);
        throw error;
      });
      catalogueChanged();
      return insertedCount;
    },
  };
}
