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
import { listCategories } from './categories.ts';
import { catalogueCsv, importParts, readCatalogueCsv, type ImportRow } from './csv.ts';

/** The `/uploads/` images the lines name that the image store does not have, by line. */
async function missingUploads(
  has: (url: string) => Promise<boolean>,
  rows: readonly ImportRow[],
): Promise<CsvProblem[]> {
  const uploads = [
    ...new Set(rows.map((r) => r.part.image).filter((i) => i.startsWith('/uploads/'))),
  ];
  const missing = new Set<string>();
  // A few at a time: with S3_BUCKET each is a request.
  for (let i = 0; i < uploads.length; i += 8) {
    const batch = uploads.slice(i, i + 8);
    const found = await Promise.all(batch.map(has));
    batch.forEach((url, j) => found[j] || missing.add(url));
  }
  return rows
    .filter((r) => missing.has(r.part.image))
    .map((r) => ({ line: r.line, column: 'image', message: 'Upload an image first.' }));
}

const CSV_FILE = { 'text/csv': { schema: z.string() } };

/**
 * The catalogue as a CSV file for the admin (issue 27): the export, and an import that adds every
 * line of a file or, when one is wrong, none.
 */
export const partsCsvRoutes: FastifyPluginAsyncZod = async (app) => {
  // This plugin only: the rest of the API takes JSON alone. Any other type of body is read too,
  // and refused with 415 by the route once the access rule has answered (an anonymous caller
  // gets 401 and a customer 403 whatever they send, as on every other route).
  app.addContentTypeParser(
    ['text/csv', '*'],
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
      config: { access: 'admin' },
      bodyLimit: CATALOGUE_CSV_MAX_BYTES,
      // After the access rule (the app's own preValidation hook runs first).
      preValidation: async (request) => {
        const type = String(request.headers['content-type'] ?? '').toLowerCase();
        if (!type.startsWith('text/csv'))
          throw new HttpError(415, 'Send the file as text/csv (a CSV file, not JSON).');
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
      const read = readCatalogueCsv(request.body, categories);
      const { rows } = read;
      const missing = await missingUploads((url) => app.images.has(url), rows);
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
      const insertedCount = await importParts(app.db, rows, request.user!);
      app.catalogueCache.invalidate();
      return { acknowledged: true as const, insertedCount };
    },
  );
};
