import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@partsmith/contract';
import {
  ADMIN_BULK_MAX,
  AdminPartsBulkAnswer,
  AdminPartsBulkBody,
  AdminPartsPage,
  AdminPartsQuery,
} from '@partsmith/contract/admin-lists';
import { listAdminParts } from './admin-list.ts';
import { createPartsBulk } from './bulk.ts';

/** Manage Products (issue 48): the table, a page at a time, and its bulk actions. */
export const partsAdminListRoutes: FastifyPluginAsyncZod = async (app) => {
  const applyBulk = createPartsBulk({
    db: app.db,
    catalogueChanged: () => app.catalogueCache.invalidate(),
    backInStock: () => app.backInStockMails.poke(),
  });

  app.get(
    '/admin/parts',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Manage Products: every part, listed or not, a page at a time',
        description:
          'Newest first unless `sort` says otherwise; `nextCursor` (null on the last page) gives the next page of the same query. `q` finds parts with every word of it in the name, the part number or the description; `stock` is `out` (none), `low` (some, below its low-stock threshold) or `in`. Deleted parts are never listed. `total` counts every part the query finds. A cursor the server did not make, or made for another sort, is a 400.',
        querystring: AdminPartsQuery,
        response: { 200: AdminPartsPage, 400: ApiError },
      },
    },
    async (request) => listAdminParts(app.db, request.query),
  );

  app.post(
    '/admin/parts/bulk',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        operationId: 'bulkChangeParts',
        summary: 'Change the selected parts at once: price by a percentage, stock, listed',
        description: `One action on up to ${ADMIN_BULK_MAX} parts, in one transaction, each change audited with the part before and after. \`price-percent\` changes the price and every volume price by the percentage, rounded to the cent and never below $0.01; volume prices stay cheaper the more is bought (a break that would reach the price of the one before sells a cent below it; one that cannot is dropped). \`set-stock\` sets the stock (stock alerts go out for a part back in stock). \`list\` and \`unlist\` show or hide parts from the catalogue. A selected part that is not in the catalogue (deleted) answers 404 and nothing is changed; a price that would pass $1,000,000 answers 400.`,
        body: AdminPartsBulkBody,
        response: { 200: AdminPartsBulkAnswer, 400: ApiError, 404: ApiError },
      },
    },
    async (request) => ({ updated: await applyBulk(request.body, request.user!) }),
  );
};
