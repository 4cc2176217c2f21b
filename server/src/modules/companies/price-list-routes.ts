import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError, IdParams } from '@partsmith/contract';
import { PriceList, PriceListBody, PriceListList } from '@partsmith/contract/price-lists';
import { createPriceList, deletePriceList, priceListsOf, updatePriceList } from './price-lists.ts';

const RULES =
  'A `prices` entry gives a part (`partId`, a part of the catalogue) a fixed unit price in dollars; a `discounts` entry takes `percent` off the list price of every part of a category (`category`: its slug). A company on the list pays the lowest of the list price for the quantity (with its volume break) and its price from the list (the fixed price, else the discount). `validFrom` and `validUntil` (YYYY-MM-DD, inclusive, either null: open) bound the days it applies.';
const CHECKS =
  '400 when `validFrom` is after `validUntil` or a part or category is named twice; 404 naming a part that is not in the catalogue (unknown or deleted) or a category that does not exist.';

/** The shop admins' price lists (issue 49): a company buys on at most one. */
export const priceListRoutes: FastifyPluginAsyncZod = async (app) => {
  const actorOf = (user: { id: string; email: string } | null) => ({
    id: user!.id,
    email: user!.email,
  });

  app.get(
    '/admin/price-lists',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        operationId: 'listPriceLists',
        summary: 'Every price list, newest first, with its prices, discounts and companies',
        description: `Each fixed price comes with its part's number, name and list price (dollars); each discount with its category's name; \`companies\` are the companies that buy on the list. ${RULES}`,
        response: { 200: PriceListList },
      },
    },
    async () => priceListsOf(app.db),
  );

  app.post(
    '/admin/price-lists',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        operationId: 'createPriceList',
        summary: 'Create a price list',
        description: `${RULES} Give it to a company with PUT /api/admin/companies/:id \`priceListId\`. Audited. ${CHECKS}`,
        body: PriceListBody,
        response: { 201: PriceList, 400: ApiError, 404: ApiError },
      },
    },
    async (request, reply) => {
      const list = await app.db.transaction((tx) =>
        createPriceList(tx, actorOf(request.user), request.body),
      );
      return reply.status(201).send(list);
    },
  );

  app.put(
    '/admin/price-lists/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        operationId: 'updatePriceList',
        summary: 'Change a price list',
        description: `Its name and dates are replaced (a date left out: open). \`prices\` and \`discounts\` replace the list's when sent (an empty list: none) and are kept when left out. ${RULES} Takes effect at once for its companies. Audited. ${CHECKS} 404 for an unknown price list.`,
        params: IdParams,
        body: PriceListBody,
        response: { 200: PriceList, 400: ApiError, 404: ApiError },
      },
    },
    async (request) =>
      app.db.transaction((tx) =>
        updatePriceList(tx, actorOf(request.user), request.params.id, request.body),
      ),
  );

  app.delete(
    '/admin/price-lists/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        operationId: 'deletePriceList',
        summary: 'Delete a price list',
        description:
          'The companies that bought on it pay list prices from now on; orders already placed keep their prices. Audited. 404 for an unknown price list.',
        params: IdParams,
        response: { 204: z.null().describe('Deleted'), 404: ApiError },
      },
    },
    async (request, reply) => {
      await app.db.transaction((tx) =>
        deletePriceList(tx, actorOf(request.user), request.params.id),
      );
      return reply.code(204).send(null);
    },
  );
};
