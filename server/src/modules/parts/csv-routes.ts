import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiError,
  CATALOGUE_CSV_ERRORS_MAX,
  CATALOGUE_CSV_MAX_BYTES,
  CatalogueImportAnswer,
  CatalogueImportProblem,
  CatalogueImportQuery,
} from '@partsmith/contract';
import { errorBody } from '../../plugins/error-handler.ts';
import { createCatalogueCsvService } from './csv-service.ts';

const CSV_FILE = { 'text/csv': { schema: z.string() } };

/**
 * The catalogue as a CSV file for the admin (issue 27): the export, and an import that adds and
 * updates the parts of a file by their part numbers (issue 48) or, when a line is wrong, writes
 * nothing; a dry run says what it would do.
 */
export const partsCsvRoutes: FastifyPluginAsyncZod = async (app) => {
  const parts = createCatalogueCsvService({
    database: app.database,
    hasImage: (url) => app.images.has(url),
    catalogueChanged: () => app.catalogueCache.invalidate(),
    backInStock: () => app.backInStockMails.poke(),
  });
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
        summary: 'The catalogue as a CSV file (every part not deleted, listed or not)',
        description:
          'Streamed, UTF-8 with a byte-order mark and CRLF line endings, in the order parts were added. Columns: name, description, image, price (dollars, 2 decimals), availableQuantity, minOrderQuantity, lowStockThreshold (empty: twice the minimum order), category (its slug, empty for none), priceBreaks (volume prices as quantity@unit price in dollars, breaks separated by semicolons, as in 10@8.50;50@7.90, empty for none), sku (the part number), leadTimeDays (empty: not known), weightGrams (the shipping weight in grams), listed (yes or no: whether visitors see the part), id (the part’s id), then attr.<key> for every attribute key any category declares (empty where the part’s category has no such attribute; yes/no attributes as true or false). Text starting with = + - or @ gets a leading apostrophe, which the import removes. Imported back unchanged, the file changes nothing.',
        response: { 200: { description: 'The CSV file', content: CSV_FILE } },
      },
    },
    async (_request, reply) => {
      const csv = await parts.exportCsv();
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="partsmith-catalogue.csv"')
          .header('cache-control', 'no-store')
          // Fastify pipes a stream as it comes (no serializer); the schema says what it carries.
          .send(csv as unknown as string)
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
        summary: 'Add and update the parts of a CSV file: all of them, or none (or a dry run)',
        description: `The columns of GET /api/parts/export.csv, in any order, with a header line (lowStockThreshold, category, priceBreaks, sku, leadTimeDays, weightGrams, listed, id and the attr.<key> columns may be left out). Any line endings (CRLF, LF, CR, mixed), quoted fields holding commas, quotes and line breaks, and a UTF-8 byte-order mark are read. Every line is checked as POST /api/addParts checks a part, its attributes by its category's schema and its volume prices by the same rules as priceBreaks there; numbers as the export writes them (9.00; thousands separated by commas and a price's $ are read too), yes/no cells as yes, no, true, false, 1 or 0 in any case. A line's sku finds the part it updates (in any case): the fields that differ from the part's are changed, and a line that says what the part already is changes nothing; a column the file leaves out leaves that field as it is. A line whose sku no part has adds a part with that number; an empty sku, or one in the shop's own form (PS-MEM-000012) that no part has, gets a number of its own. Parts the file does not name are left alone. Stock is set to the file's: export again before editing if orders came in meanwhile. An id, when given, must be the id of the part the sku names (a line whose id is another part's is refused). A deleted part's number, or one two lines give, is a problem of its line. Each added or changed part gets an audit entry (part.import; a change's before and after), and the import one more. When a line is wrong nothing is written and the 422 lists the problems (at most ${CATALOGUE_CSV_ERRORS_MAX}) by line and column, the header being line 1. With dryRun=true nothing is written: the answer says how many parts the file would add, update and leave unchanged, and lists its problems in errors (200 either way). At most 20 MB.`,
        querystring: CatalogueImportQuery,
        consumes: ['text/csv'],
        body: z.string(),
        response: {
          200: CatalogueImportAnswer,
          409: ApiError,
          413: ApiError,
          415: ApiError,
          422: CatalogueImportProblem,
        },
      },
    },
    async (request) =>
      parts.importCsv(request.body, request.user!, { dryRun: request.query.dryRun }),
  );
};
