import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminListQuery,
  ApiError,
  ModifiedAnswer,
  PART_HEADERS,
  DeleteAnswer,
  IdParams,
  Order,
  OrderList,
  OrdersQuery,
  PurchaseAnswer,
  PurchaseBody,
} from '@partsmith/contract';
import { HttpError } from '../../lib/http-errors.ts';

const IdempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .trim()
    .min(8, 'Idempotency-Key must be 8 to 255 characters')
    .max(255, 'Idempotency-Key must be 8 to 255 characters')
    .optional(),
});

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.orders;

  app.post(
    '/purchase',
    {
      config: { access: 'verified', limit: 'purchase' },
      schema: {
        tags: ['orders'],
        summary: 'Buy a part: checks the quantity and takes the stock in one transaction',
        description:
          'Only partId, quantity, address and phone are read; name, image, price and the buyer come from the catalogue and the session. Send an Idempotency-Key header to make retries safe.',
        headers: IdempotencyHeaders,
        body: PurchaseBody,
        response: { 200: PurchaseAnswer, 404: ApiError, 409: ApiError, 422: ApiError },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const answer = await service.place(request.body, user, request.headers['idempotency-key']);
      return reply.status(answer.statusCode as 200).send(answer.body);
    },
  );

  app.get(
    '/orders',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary: 'Your own orders, newest first',
        querystring: OrdersQuery,
        response: { 200: OrderList, 403: ApiError },
      },
    },
    async (request) => {
      const user = request.user!;
      if (request.query.userEmail !== user.email)
        throw new HttpError(403, 'You can only list your own orders.');
      return service.listFor(user.id);
    },
  );

  app.get(
    '/purchase/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary: 'One order (its owner or an admin)',
        params: IdParams,
        response: { 200: Order, 404: ApiError },
      },
    },
    async (request) => service.toApi(await service.getVisible(request.params.id, request.user!)),
  );

  app.delete(
    '/orders/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary: 'Delete an unpaid order (its owner or an admin); its quantity goes back in stock',
        params: IdParams,
        response: { 200: DeleteAnswer, 404: ApiError, 409: ApiError },
      },
    },
    async (request) => ({
      acknowledged: true as const,
      deletedCount: await service.remove(request.params.id, request.user!),
    }),
  );
};

export const ordersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/allPurchases',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Every order, newest first, a page at a time (X-Total-Count, X-Next-Cursor)',
        querystring: AdminListQuery,
        response: { 200: OrderList },
      },
    },
    async (request, reply) => {
      const page = await app.orders.listAll(request.query);
      reply.header(PART_HEADERS.total, String(page.total));
      if (page.nextCursor) reply.header(PART_HEADERS.nextCursor, page.nextCursor);
      return page.orders;
    },
  );

  app.put(
    '/changeStatus/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Ship a paid order',
        params: IdParams,
        response: { 200: ModifiedAnswer, 404: ApiError, 409: ApiError },
      },
    },
    async (request) => ({
      acknowledged: true as const,
      modifiedCount: await app.orders.ship(request.params.id, request.user!),
    }),
  );
};
