import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiError,
  CATALOGUE_CSV_ERRORS_MAX,
  CATALOGUE_CSV_MAX_BYTES,
  CatalogueImportAnswer,
  CatalogueImportProblem,
} from '@partsmith/contract';
import { errorBody } from '../../plugins/error-handler.ts';
import { createCatalogueCsvService } from './csv-service.ts';

const CSV_FILE = { 'text/csv': { schema: z.string() } };

/**
 * The catalogue as a CSV file for the admin (issue 27): the export, and an import that adds every
 * line of a file or, when one is wrong, none.
 */
export const partsCsvRoutes: FastifyPluginAsyncZod = async (app) => {
  const parts = createCatalogueCsvService({
    database: app.database,
    hasImage: (url) => app.images.has(url),
    catalogueChanged: () => app.catalogueCache.invalidate(),
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
        summary: 'The catalogue as a CSV file (every listed part)',
        description:
          'Streamed, in the order parts were added. Columns: name, description, image, price (dollars, 2 decimals), availableQuantity, minOrderQuantity, lowStockThreshold (empty: twice the minimum order), category (its slug, empty for none), priceBreaks (volume prices as quantity@unit price in dollars, breaks separated by semicolons, as in 10@8.50;50@7.90, empty for none), sku (the part number), then attr.<key> for every attribute key any category declares (empty where the part’s category has no such attribute). Text starting with = + - or @ gets a leading apostrophe, which the import removes.',
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
        summary: 'Add the parts of a CSV file to the catalogue: all of them, or none',
        description: `The columns of GET /api/parts/export.csv, in any order, with a header line (lowStockThreshold, category, priceBreaks, sku and the attr.<key> columns may be left out). Every line is checked as POST /api/addParts checks a part, its attributes by its category's schema and its volume prices by the same rules as priceBreaks there. Every line is a new part: an empty sku, or one the shop made (PS-MEM-000012), gets a number of its own; a part number another part has, or another line, is a problem of its line. When a line is wrong nothing is added and the 422 lists the problems (at most ${CATALOGUE_CSV_ERRORS_MAX}) by line, the header being line 1. At most 20 MB.`,
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
    async (request) => ({
      acknowledged: true as const,
      insertedCount: await parts.importCsv(request.body, request.user!),
    }),
  );
};
