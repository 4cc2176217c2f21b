import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminOrdersQuery,
  ApiError,
  CheckoutBody,
  CheckoutPreview,
  CheckoutPreviewBody,
  CheckoutProblem,
  RefundBody,
  ShipBody,
  ModifiedAnswer,
  PART_HEADERS,
  DeleteAnswer,
  IdParams,
  Order,
  OrderList,
  OrdersQuery,
  PurchaseAnswer,
  PurchaseBody,
  ReorderAnswer,
} from '@partsmith/contract';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { drawnPdf, sendPdf } from './pdf-answer.ts';
import { orderDocument } from './documents.ts';
import { remainderOf } from './part-refunds.ts';
import { priceCart } from './pricing.ts';
import { askApprovers, businessCheckout } from './business.ts';

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

  app.post(
    '/checkout/preview',
    {
      config: { access: 'verified' },
      schema: {
        tags: ['cart'],
        summary: 'What your cart comes to, shipped to one of your addresses',
        description:
          "Your cart's lines, their sum, the shipping methods that reach the address (priced for this cart, cheapest first), the chosen one (the cheapest when `shippingMethod` is left out), each sales tax applied (none for a tax-exempt buyer) and the total. `shippable` is false when no method reaches the address. Nothing is placed.",
        body: CheckoutPreviewBody,
        response: { 200: CheckoutPreview, 422: ApiError },
      },
    },
    async (request) => (await priceCart(app.db, request.user!.id, request.body)).preview,
  );

  app.post(
    '/checkout',
    {
      config: { access: 'verified', limit: 'purchase' },
      schema: {
        tags: ['cart'],
        summary: 'Check out your cart: one order for every line, all lines taken or none',
        description:
          'Ships to `addressId` of your address book by `shippingMethod` (the cheapest when left out); the lines are your cart on the server, priced with shipping and sales tax as POST /api/checkout/preview shows, and the order and its payment come to that total. With `expectedTotal` (what you were shown), a total that changed in between answers 409 with the new `preview` and nothing is placed. A line that cannot be served is named in the 409 (`lines`) and nothing is taken; an address no method reaches answers 422. Send an Idempotency-Key header to make retries safe.',
        headers: IdempotencyHeaders,
        body: CheckoutBody,
        response: { 200: PurchaseAnswer, 409: CheckoutProblem, 422: ApiError },
      },
    },
    async (request, reply) => {
      const business = await businessCheckout(app.db, request.user!.id, request.body);
      const answer = await service.checkout(
        request.body,
        request.user!,
        request.headers['idempotency-key'],
        business ?? null,
      );
      // Only a buyer with a spending limit can have placed an order that waits for approval.
      if (answer.statusCode === 200 && business && business.spendingLimitCents !== null)
        await askApprovers(app, business.companyId, answer.body, request.user!);
      return reply.status(answer.statusCode as 200).send(answer.body);
    },
  );

  for (const kind of ['invoice', 'credit-note'] as const) {
    app.get(
      `/orders/:id/${kind}.pdf`,
      {
        config: { access: 'user' },
        schema: {
          tags: ['orders'],
          summary:
            kind === 'invoice'
              ? "A paid or invoiced order's invoice as a PDF (its buyer, its company's approvers or an admin)"
              : "A refunded order's credit note as a PDF (its buyer, its company's approvers or an admin)",
          description:
            "A company's owner, admins and approvers read the documents of its orders (issue 49); its other buyers, and anyone else, get 404.",
          params: IdParams,
          produces: ['application/pdf'],
          response: {
            200: z.any().describe(`The ${kind} (application/pdf)`),
            404: ApiError,
            503: ApiError,
          },
        },
      },
      async (request, reply) => {
        const row = await service.getVisible(request.params.id, request.user!);
        const lines = await service.linesOf(row.id);
        // A refund in full after partial refunds credits what they left.
        const view =
          kind === 'credit-note' &&
          row.refundedAt &&
          row.refundedSubtotalCents + row.refundedTaxCents > 0
            ? remainderOf(row, lines, await service.refundsOf(row.id))
            : { order: row, lines };
        const document = orderDocument(kind, view.order, view.lines, {
          ...app.config.seller,
          url: app.config.publicUrl,
        });
        if (!document) {
          throw notFound(
            kind === 'invoice'
              ? 'This order has no invoice: it is not paid.'
              : 'This order has no credit note: it was not refunded.',
          );
        }
        const pdf = await drawnPdf(
          app,
          request,
          document,
          kind === 'invoice' ? 'invoice' : 'credit note',
        );
        return sendPdf(reply, pdf, 'attachment', `${document.number}.pdf`);
      },
    );
  }

  app.get(
    '/orders',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary: 'Your own orders, newest first; with `q`, those a search finds',
        description:
          '`userEmail` must be your own address (403 otherwise). `q` (at most 100 characters) finds the orders in which every word of it is in the order number (PS-O-000123), or in the part name or part number of one of its lines.',
        querystring: OrdersQuery,
        response: { 200: OrderList, 403: ApiError },
      },
    },
    async (request) => {
      const user = request.user!;
      if (request.query.userEmail !== user.email)
        throw new HttpError(403, 'You can only list your own orders.');
      return service.listFor(user.id, request.query.q);
    },
  );

  app.get(
    '/company/approvals',
    {
      config: { access: 'user' },
      schema: {
        tags: ['companies'],
        operationId: 'getCompanyApprovals',
        summary: 'Your company’s orders waiting for an approver, the longest waiting first',
        description:
          'The orders its members placed above their spending limit that no approver has decided on yet (`approval: "pending"`), at most 100. Only the company’s owner, admins and approvers see them (403 for another member, or for a customer in no company); each is approved or declined with `POST /api/orders/:id/approve` or `/decline`.',
        response: { 200: OrderList, 403: ApiError },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const waiting = await service.awaitingApproval(request.user!);
      if (!waiting)
        throw new HttpError(
          403,
          'Only your company’s owner, admins and approvers see the orders waiting for approval.',
        );
      return waiting;
    },
  );

  app.post(
    '/orders/:id/reorder',
    {
      config: { access: 'user', limit: 'cart' },
      schema: {
        tags: ['cart'],
        summary: "Order again: put an order's lines in your cart at today's prices",
        description:
          "Only the order's owner may (404 for anyone else). Each line's quantity is added to what your cart holds of its part, under the cart's rules: a line cut to the stock left, or raised to the part's minimum order, is in `added` with the quantity actually added. A line that cannot go in is in `skipped` with its reason: `deleted` (the part left the catalogue), `out_of_stock` (none can be added), `cart_full` (the cart holds its limit of different parts).",
        params: IdParams,
        response: { 200: ReorderAnswer, 404: ApiError },
      },
    },
    async (request) => service.reorder(request.params.id, request.user!),
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
        description:
          '`q` searches as GET /api/orders does (order number, part name, part number), over every order; X-Total-Count then counts the orders found.',
        querystring: AdminOrdersQuery,
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
        summary: 'Ship a paid order, with its carrier and tracking number when given',
        description: 'The buyer gets a shipping mail (with a tracking link for known carriers).',
        params: IdParams,
        body: ShipBody,
        response: { 200: ModifiedAnswer, 404: ApiError, 409: ApiError },
      },
    },
    async (request) => ({
      acknowledged: true as const,
      modifiedCount: await app.orders.ship(request.params.id, request.user!, request.body ?? {}),
    }),
  );

  app.post(
    '/orders/:id/refund',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Refund a paid order in full: its credit note, its mail, its stock back if unshipped',
        description:
          'An order invoiced on a company’s payment terms and not paid is cancelled instead: its invoice is credited by a credit note (no card to refund), its stock comes back if unshipped and its buyer is mailed; with payments recorded against its invoice it answers 409.',
        params: IdParams,
        body: RefundBody,
        response: {
          200: ModifiedAnswer,
          404: ApiError,
          409: ApiError,
          502: ApiError,
          503: ApiError,
        },
      },
    },
    async (request) => ({
      acknowledged: true as const,
      modifiedCount: await app.orders.refund(request.params.id, request.user!, request.body.reason),
    }),
  );
};
