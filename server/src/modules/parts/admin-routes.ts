import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddCategoryBody,
  AddPartBody,
  Category,
  ApiError,
  DeleteAnswer,
  IdParams,
  InsertedAnswer,
  ModifiedAnswer,
  UpdatePartBody,
} from '@partsmith/contract';
import { createPartsService } from './service.ts';

/** The catalogue's administration (parts/service.ts: each change audited in its transaction). */
export const partsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const parts = createPartsService({
    database: app.database,
    hasImage: (url) => app.images.has(url),
    catalogueChanged: () => app.catalogueCache.invalidate(),
    backInStock: () => app.backInStockMails.poke(),
  });

  app.post(
    '/addParts',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Add a part to the catalogue',
        description:
          'Without `sku`, the part gets a part number made from its category and place in the catalogue (PS-MEM-000012). A part number another part has (deleted parts too, whatever the case) is a 409.',
        body: AddPartBody,
        response: { 200: InsertedAnswer, 409: ApiError, 422: ApiError },
      },
    },
    async (request) => ({
      acknowledged: true as const,
      insertedId: await parts.add(request.body, request.user!),
    }),
  );

  app.post(
    '/categories',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Add a category to the catalogue, with the attributes its parts have',
        body: AddCategoryBody,
        response: { 200: Category, 409: ApiError },
      },
    },
    async (request) => parts.addCategory(request.body, request.user!),
  );

  app.patch(
    '/tools/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Correct a part's stock, price, volume prices, lead time or specification",
        params: IdParams,
        body: UpdatePartBody,
        response: { 200: ModifiedAnswer, 400: ApiError, 404: ApiError },
      },
    },
    async (request) => {
      await parts.update(request.params.id, request.body, request.user!);
      return { acknowledged: true as const, modifiedCount: 1 };
    },
  );

  app.delete(
    '/tools/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Take a part out of the catalogue (orders keep their own copy)',
        params: IdParams,
        response: { 200: DeleteAnswer, 404: ApiError },
      },
    },
    async (request) => {
      await parts.remove(request.params.id, request.user!);
      return { acknowledged: true as const, deletedCount: 1 };
    },
  );
};
