import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiError,
  CATALOGUE_CSV_ERRORS_MAX,
  CATALOGUE_CSV_MAX_BYTES,
  CatalogueImportAnswer,
  CatalogueImportProblem,
  type CsvProblem,
} from '@partsmith/contract';
import { HttpError } from '../../lib/http-errors.ts';
import { errorBody } from '../../plugins/error-handler.ts';
import { listCategories } from './categories.ts';
import { IMPORT_BATCH, readImport, writeImport, type ReadImport } from './csv-import.ts';
import { catalogueCsv } from './csv.ts';

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

const CSV_FILE = { 'text/csv': { schema: z.string() } };

/**
 * The catalogue as a CSV file for the admin (issue 27): the export, and an import that adds every
 * line of a file or, when one is wrong, none.
 */
export const partsCsvRoutes: FastifyPluginAsyncZod = async (app) => {
  // This plugin only: the rest of the API takes JSON alone. Any other type is refused with 415
  // before its body is read (the route's onRequest hook).
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: CATALOGUE_CSV_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/parts/export.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        operationId: 'exportCatalogueCsv',
        summary: 'The catalogue as a CSV file (every listed part)',
        description:
          'Streamed, in the order parts were added. Columns: name, description, image, price (dollars, 2 decimals), availableQuantity, minOrderQuantity, lowStockThreshold (empty: twice the minimum order), category (its slug, empty for none), priceBreaks (volume prices as quantity@unit price in dollars, breaks separated by semicolons, as in 10@8.50;50@7.90, empty for none), then attr.<key> for every attribute key any category declares (empty where the part’s category has no such attribute). Text starting with = + - or @ gets a leading apostrophe, which the import removes.',
        response: { 200: { description: 'The CSV file', content: CSV_FILE } },
      },
    },
    async (_request, reply) => {
      const categories = await listCategories(app.db);
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="partsmith-catalogue.csv"')
          .header('cache-control', 'no-store')
          // Fastify pipes a stream as it comes (no serializer); the schema says what it carries.
          .send(
            Readable.from(catalogueCsv(app.db, categories), {
              objectMode: false,
            }) as unknown as string,
          )
      );
    },
  );

  app.post(
    '/parts/import',
    {
      // Access and the type are checked when the request arrives: a caller refused either way
      // never has up to 20 MB read (issue 43).
      config: { access: 'admin', largeBody: true },
      bodyLimit: CATALOGUE_CSV_MAX_BYTES,
      onRequest: async (request, reply) => {
        const type = String(request.headers['content-type'] ?? '').toLowerCase();
        if (!/^text\/csv\s*(;|$)/.test(type))
          return reply
            .header('connection', 'close')
            .status(415)
            .send(errorBody(415, 'Send the file as text/csv (a CSV file, not JSON).'));
      },
      schema: {
        tags: ['admin'],
        operationId: 'importCatalogueCsv',
        summary: 'Add the parts of a CSV file to the catalogue: all of them, or none',
        description: `The columns of GET /api/parts/export.csv, in any order, with a header line (lowStockThreshold, category, priceBreaks and the attr.<key> columns may be left out). Every line is checked as POST /api/addParts checks a part, its attributes by its category's schema and its volume prices by the same rules as priceBreaks there. When a line is wrong nothing is added and the 422 lists the problems (at most ${CATALOGUE_CSV_ERRORS_MAX}) by line, the header being line 1. At most 20 MB.`,
        consumes: ['text/csv'],
        body: z.string(),
        response: {
          200: CatalogueImportAnswer,
          413: ApiError,
          415: ApiError,
          422: CatalogueImportProblem,
        },
      },
    },
    async (request) => {
      const categories = await listCategories(app.db);
      // Read in a worker thread: seconds of parsing for a large file would stall every request.
      const read = await readImport({
        text: request.body,
        categories,
        batch: IMPORT_BATCH[app.database.kind],
      });
      const missing = await missingUploads((url) => app.images.has(url), read.uploads);
      // In file order (a stable sort keeps each line's problems in their columns' order).
      const problems = read.problems.concat(missing).sort((a, b) => a.line - b.line);
      if (problems.length > 0) {
        const lines = new Set(problems.map((p) => p.line)).size;
        throw new HttpError(
          422,
          `${lines === 1 ? 'One line has' : `${lines} lines have`} problems: nothing was imported.`,
          {},
          { errors: problems.slice(0, CATALOGUE_CSV_ERRORS_MAX) },
        );
      }
      const insertedCount = await writeImport(app.database, read, request.user!);
      app.catalogueCache.invalidate();
      return { acknowledged: true as const, insertedCount };
    },
  );
};
