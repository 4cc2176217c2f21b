import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  Id,
  IdParams,
  OrderRefund,
  OrderRefunds,
  PartRefundBody,
} from '@partsmith/contract';
import type { OrderRefundRow } from '../../db/schema/orders.ts';
import { notFound } from '../../lib/http-errors.ts';
import { orderDocument } from './documents.ts';
import { refundView, unitsLeft } from './part-refunds.ts';
import { drawnPdf, sendPdf } from './pdf-answer.ts';

/** A partial refund for the API (money in dollars). */
const toApiRefund = (refund: OrderRefundRow): OrderRefund => ({
  _id: refund.id,
  creditNoteNumber: refund.creditNoteNumber,
  createdAt: refund.createdAt.toISOString(),
  lines: refund.lines.map((line) => ({
    position: line.position,
    sku: line.sku,
    name: line.name,
    quantity: line.quantity,
    price: line.unitPriceCents / 100,
    total: (line.unitPriceCents * line.quantity) / 100,
  })),
  subtotal: refund.subtotalCents / 100,
  taxes: refund.taxes.map((tax) => ({
    name: tax.name,
    rate: tax.rate,
    amount: tax.amountCents / 100,
  })),
  tax: refund.taxCents / 100,
  amount: refund.amountCents / 100,
  restocked: refund.restocked,
  reason: refund.reason,
});

const VISIBLE =
  "Its buyer, its company's owner, admins and approvers, and the shop's admins; anyone else gets 404.";

/**
 * Partial refunds (returns): an admin refunds some units of a paid order's lines, each refund with
 * its own credit note and mail; the order's page lists them.
 */
export const partRefundRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.orders;

  app.get(
    '/orders/:id/refunds',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary:
          "An order's partial refunds, what they gave back, and the units left to refund of each line",
        description: VISIBLE,
        params: IdParams,
        response: { 200: OrderRefunds, 404: ApiError },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const row = await service.getVisible(request.params.id, request.user!);
      const [refunds, lines] = await Promise.all([
        service.refundsOf(row.id),
        service.linesOf(row.id),
      ]);
      // An order refunded in full has nothing left to refund.
      const left = unitsLeft(lines, refunds);
      return {
        refunds: refunds.map(toApiRefund),
        refunded: refunds.reduce((sum, r) => sum + r.amountCents, 0) / 100,
        left: lines.map((line) => ({
          position: line.position,
          quantity: row.refundedAt ? 0 : (left.get(line.position) ?? 0),
        })),
      };
    },
  );

  app.post(
    '/orders/:id/refunds',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Refund part of a paid order: some units of its lines, with their share of each tax',
        description:
          "For returned, damaged or missing parts. Each line is named by its `position` in the order (0 is the first) and refunded at the price the buyer paid, with each of the order's tax rates on their value; the shipping stays (a refund in full afterwards gives back what is left, shipping included). The card is refunded that amount, the refund gets its own credit note (CN-…) and the buyer a mail with it; `restock` puts the units back in stock. More units than are left of a line is 422; an order not paid by card, on terms and unpaid, or refunded in full is 409.",
        params: IdParams,
        body: PartRefundBody,
        response: {
          201: OrderRefund,
          404: ApiError,
          409: ApiError,
          422: ApiError,
          502: ApiError,
          503: ApiError,
        },
      },
    },
    async (request, reply) => {
      const refund = await service.refundPart(request.params.id, request.user!, request.body);
      return reply.status(201).send(toApiRefund(refund));
    },
  );

  app.get(
    '/orders/:id/refunds/:refundId/credit-note.pdf',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary: "A partial refund's credit note as a PDF",
        description: VISIBLE,
        params: IdParams.extend({ refundId: Id }),
        produces: ['application/pdf'],
        response: {
          200: z.any().describe('The credit note (application/pdf)'),
          404: ApiError,
          503: ApiError,
        },
      },
    },
    async (request, reply) => {
      const row = await service.getVisible(request.params.id, request.user!);
      const refund = (await service.refundsOf(row.id)).find(
        (r) => r.id === request.params.refundId,
      );
      if (!refund) throw notFound('This order has no such refund.');
      const view = refundView(row, refund);
      const document = orderDocument('credit-note', view.order, view.lines, {
        ...app.config.seller,
        url: app.config.publicUrl,
      });
      if (!document) throw notFound('This order has no such refund.');
      const pdf = await drawnPdf(app, request, document, 'credit note');
      return sendPdf(reply, pdf, 'attachment', `${document.number}.pdf`);
    },
  );
};
