import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@partsmith/contract';
import { AdminOrdersListQuery, AdminOrdersPage } from '@partsmith/contract/admin-lists';
import { listAdminOrders } from './admin-list.ts';

/** The admins' orders table (issue 48), beside GET /api/allPurchases, which keeps its answer. */
export const ordersAdminListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/orders',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The orders table: every order, a page at a time, searched and filtered',
        description:
          "Newest first unless `sort` says otherwise; `nextCursor` (null on the last page) gives the next page of the same query. `q` finds orders with every word of it in the order number (PS-O-000123), the buyer's e-mail or name, or a line's part name or part number. `status` is one of unpaid (open), expired, paid (not shipped yet), shipped and refunded, or to-ship (the packers' queue: paid, or on a company's account, and neither shipped nor refunded); `paid` filters on the payment alone; `from` and `to` are UTC days, both included. `total` counts every order the query finds. A cursor the server did not make, or made for another sort, is a 400.",
        querystring: AdminOrdersListQuery,
        response: { 200: AdminOrdersPage, 400: ApiError },
      },
    },
    async (request) => listAdminOrders(app.db, request.query, app.config.unpaidOrderTtlMs),
  );
};
