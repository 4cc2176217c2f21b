import { Readable } from 'node:stream';
import {
  CATALOGUE_CSV_ERRORS_MAX,
  type CatalogueImportAnswer,
  type CsvProblem,
} from '@partsmith/contract';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../lib/http-errors.ts';
import type { Actor } from '../audit/service.ts';
import { listCategories } from './categories.ts';
import { IMPORT_BATCH, readImport, writeImport } from './csv-import.ts';
import { planImport, planWrites } from './csv-plan.ts';
import { catalogueCsv } from './csv.ts';
import { brokeUniqueIndex, SKU_TAKEN } from './skus.ts';

/** The `/uploads/` images the lines name that the image store does not have, by line. */
async function missingUploads(
  has: (url: string) => Promise<boolean>,
  named: readonly { line: number; image: string }[],
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
  /** Told after an import that put an out-of-stock part back in stock (its stock alerts). */
  backInStock?: () => void;
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
     * Imports a CSV file: each line's part number finds the part it updates, a line whose number
     * no part has (or with none) adds a part, and a line that changes nothing writes nothing
     * (csv-plan.ts). All of it or, when a line is wrong, none: a 422 lists the problems (at most
     * CATALOGUE_CSV_ERRORS_MAX) in file order. A dry run writes nothing and answers what the
     * import would do, with the problems.
     */
    async importCsv(
      text: string,
      admin: Actor,
      options: { dryRun?: boolean } = {},
    ): Promise<CatalogueImportAnswer> {
      const categories = await listCategories(db);
      const batch = IMPORT_BATCH[database.kind];
      // Read in a worker thread: seconds of parsing for a large file would stall every request.
      const read = await readImport({ text, categories, batch });
      const plan = await planImport(database, read);
      const missing = await missingUploads(hasImage, plan.uploads);
      // In file order (a stable sort keeps each line's problems in their columns' order).
      const problems = read.problems.concat(plan.problems, missing).sort((a, b) => a.line - b.line);
      const lines = new Set(problems.map((p) => p.line));

      if (options.dryRun) {
        // A line whose image is missing was counted as what it would do otherwise.
        const figures = { created: plan.created, updated: plan.updated, unchanged: plan.unchanged };
        for (const line of new Set(missing.map((p) => p.line)))
          figures[plan.outcomes.get(line) ?? 'created'] -= 1;
        return {
          acknowledged: true,
          dryRun: true,
          ...figures,
          insertedCount: 0,
          errors: problems.slice(0, CATALOGUE_CSV_ERRORS_MAX),
        };
      }
      if (problems.length > 0)
        throw new HttpError(
          422,
          `${lines.size === 1 ? 'One line has' : `${lines.size} lines have`} problems: nothing was imported.`,
          {},
          { errors: problems.slice(0, CATALOGUE_CSV_ERRORS_MAX) },
        );

      let written = { created: 0, updated: 0 };
      if (plan.created + plan.updated > 0) {
        written = await writeImport(database, await planWrites(read, plan, batch), admin).catch(
          (error: unknown) => {
            // Checked above; another part took one of the numbers meanwhile.
            if (brokeUniqueIndex(error))
              throw new HttpError(409, `${SKU_TAKEN} Nothing was imported: try again.`);
            throw error;
          },
        );
        catalogueChanged();
        if (plan.restocked) deps.backInStock?.();
      }
      return {
        acknowledged: true,
        dryRun: false,
        created: written.created,
        updated: written.updated,
        unchanged: plan.unchanged,
        insertedCount: written.created,
        errors: [],
      };
    },
  };
}
