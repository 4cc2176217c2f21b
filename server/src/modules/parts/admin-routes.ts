import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddCategoryBody,
  AddPartBody,
  AdminPart,
  Category,
  CategoryConflict,
  CategoryDeleted,
  CategoryParams,
  ApiError,
  DeleteAnswer,
  DeleteCategoryQuery,
  EditCategoryBody,
  EditPartBody,
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

  app.put(
    '/categories/:slug',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        operationId: 'updateCategory',
        summary: 'Rename a category and/or change its attributes (its short name stays)',
        description:
          '`attributes` is the whole new list, in order; an attribute is known by its key. Adding one is always allowed (parts have no value for it until edited). Removing one, or changing its type, choices or whole-numbers rule, is refused with a 409 (how many parts, per attribute) while parts of the catalogue hold values it would no longer take; send `onRemovedValues: "drop"` to drop those values. Values that still fit are kept as they are.',
        params: CategoryParams,
        body: EditCategoryBody,
        response: { 200: Category, 404: ApiError, 409: CategoryConflict },
      },
    },
    async (request) => parts.updateCategory(request.params.slug, request.body, request.user!),
  );

  app.delete(
    '/categories/:slug',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        operationId: 'deleteCategory',
        summary: 'Delete a category, moving its parts to another one first',
        description:
          'A category without parts is deleted at once. One with parts needs `moveTo`, another category: its parts go there first, keeping the values that category declares and that fit it, the others dropped (`droppedValues` counts the parts that lost some). Without `moveTo`, a 409 says how many parts it has (`parts`).',
        params: CategoryParams,
        querystring: DeleteCategoryQuery,
        response: { 200: CategoryDeleted, 404: ApiError, 409: CategoryConflict, 422: ApiError },
      },
    },
    async (request) => ({
      acknowledged: true as const,
      deletedCount: 1,
      ...(await parts.deleteCategory(request.params.slug, request.query.moveTo, request.user!)),
    }),
  );

  app.get(
    '/parts/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        operationId: 'getPartForEditing',
        summary: 'A part as its editor sees it: with whether it is listed and its weight',
        params: IdParams,
        response: { 200: AdminPart, 404: ApiError },
      },
    },
    async (request) => parts.get(request.params.id),
  );

  app.put(
    '/parts/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        operationId: 'editPart',
        summary: "Change any of a part's fields; the fields left out keep their values",
        description:
          "Add Product's rules, checked on the part as it will be: its volume prices against its price and minimum order, a new minimum against its stock, its attributes against its category (a new category needs its attributes). A part number another part has (any case, deleted parts too) is a 409; an /uploads/ image must have been uploaded. `listed: false` takes the part out of the catalogue's list, search and suggestions; its page stays. Audited with the values before and after.",
        params: IdParams,
        body: EditPartBody,
        response: { 200: AdminPart, 400: ApiError, 404: ApiError, 409: ApiError, 422: ApiError },
      },
    },
    async (request) => parts.edit(request.params.id, request.body, request.user!),
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
      await parts.edit(request.params.id, request.body, request.user!);
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
