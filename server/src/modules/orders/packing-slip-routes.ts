import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, IdParams } from '@partsmith/contract';
import {
  BulkShipAnswer,
  BulkShipBody,
  PACKING_SLIPS_MOST,
  ToShipFilesQuery,
} from '@partsmith/contract/admin-lists';
import { notFound } from '../../lib/http-errors.ts';
import { packingSlipOf } from './documents.ts';
import { drawnPdf, sendPdf } from './pdf-answer.ts';
import { assertPackable, linesToPack, slipsOf, slipsToShip } from './packing-slips.ts';

const PDF_ANSWER = z.any().describe('The packing slips (application/pdf)');
const PICK_LIST = z.any().describe('The pick list (application/pdf)');

/** What `ids` does, as the routes below describe it. */
const SELECTED = `With \`ids\` (order ids separated by commas, at most ${PACKING_SLIPS_MOST}), those orders instead, the longest waiting first, shipped ones too (printed again): one that is not there answers 404, one not paid (nor invoiced on terms) or refunded 409 with its number.`;

/** Manage Orders' `to-ship`, as the routes below describe it. */
const TO_SHIP = `Manage Orders' \`status=to-ship\`: paid, or invoiced on a company's payment terms, and neither shipped nor refunded`;

/**
 * The schema of a file of the orders to ship (the packing slips, the pick list): what it holds,
 * then what `ids` does and what the header and a 404 say.
 */
const toShipFileSchema = (summary: string, holds: string, answer: typeof PDF_ANSWER) => ({
  tags: ['admin'],
  summary,
  description: `${holds} ${SELECTED} The \`x-packing-slips\` header says how many orders. With none waiting it answers 404.`,
  querystring: ToShipFilesQuery,
  produces: ['application/pdf'],
  response: { 200: answer, 400: ApiError, 404: ApiError, 409: ApiError, 503: ApiError },
});

/**
 * Packing slips (admins): what goes into an order's parcel, with its address, part numbers and
 * quantities and no prices; one order's, or those of every order waiting to be shipped. And the
 * pick list of those orders: their parts summed, to take from the shelves in one walk.
 */
export const packingSlipRoutes: FastifyPluginAsyncZod = async (app) => {
  const seller = () => ({ ...app.config.seller, url: app.config.publicUrl });

  /**
   * A file for every order to ship, or for the selected ones (`packing-slips-<day>.pdf` or
   * `pick-list-<day>.pdf`), to save; the `x-packing-slips` header says how many orders it is for.
   */
  const toShipFile =
    (kind: 'packing-slips' | 'pick-list', what: string) =>
    async (request: FastifyRequest<{ Querystring: ToShipFilesQuery }>, reply: FastifyReply) => {
      const { ids } = request.query;
      const slips = ids ? await slipsOf(app.db, ids.split(',')) : await slipsToShip(app.db);
      if (slips.length === 0) throw notFound('No order is waiting to be shipped.');
      const pdf = await drawnPdf(app, request, { kind, seller: seller(), slips }, what);
      const day = new Date().toISOString().slice(0, 10);
      reply.header('x-packing-slips', String(slips.length));
      return sendPdf(reply, pdf, 'attachment', `${kind}-${day}.pdf`);
    };

  app.get(
    '/orders/:id/packing-slip.pdf',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "An order's packing slip as a PDF (admins)",
        description:
          'For an order that can be shipped (paid, or invoiced on payment terms) or has been: where it goes, its lines by part number with their quantities and a box to tick, and no prices. An unpaid order answers 409, as does a refunded one.',
        params: IdParams,
        produces: ['application/pdf'],
        response: { 200: PDF_ANSWER, 404: ApiError, 409: ApiError, 503: ApiError },
      },
    },
    async (request, reply) => {
      const row = await app.orders.getVisible(request.params.id, request.user!);
      assertPackable(row);
      const slip = packingSlipOf(row, (await linesToPack(app.db, [row])).get(row.id) ?? []);
      const pdf = await drawnPdf(
        app,
        request,
        { kind: 'packing-slips', seller: seller(), slips: [slip] },
        'packing slip',
      );
      return sendPdf(reply, pdf, 'inline', `packing-slip-${row.number}.pdf`);
    },
  );

  app.get(
    '/admin/orders/packing-slips.pdf',
    {
      config: { access: 'admin' },
      schema: toShipFileSchema(
        'The packing slips of the orders waiting to be shipped, in one PDF (admins)',
        `Every order to ship (${TO_SHIP}), the longest waiting first, at most ${PACKING_SLIPS_MOST}: one slip (one page or more) each.`,
        PDF_ANSWER,
      ),
    },
    toShipFile('packing-slips', 'packing slips'),
  );

  app.get(
    '/admin/orders/pick-list.pdf',
    {
      config: { access: 'admin' },
      schema: toShipFileSchema(
        'The pick list of the orders waiting to be shipped, as a PDF (admins)',
        `The orders of the packing slips' file (${TO_SHIP}; the longest waiting first, at most ${PACKING_SLIPS_MOST}), their parts summed: one row per part with its part number, name, quantity in all and in how many orders, and a box to tick; then the orders' numbers.`,
        PICK_LIST,
      ),
    },
    toShipFile('pick-list', 'pick list'),
  );

  app.post(
    '/admin/orders/ship',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Ship the selected orders together, with their carrier when given (admins)',
        description: `Up to ${PACKING_SLIPS_MOST} orders in one transaction, all of them or none: each buyer gets the shipping mail, each shipment is audited. One that cannot be shipped (not paid nor invoiced on terms, or refunded) answers 409 with its number, one that is not there 404, and nothing is shipped; one shipped already is left as it was and counted apart. Tracking numbers are each parcel's own: give them one order at a time (PUT /api/changeStatus/:id).`,
        body: BulkShipBody,
        response: { 200: BulkShipAnswer, 404: ApiError, 409: ApiError },
      },
    },
    async (request) => app.orders.shipMany(request.body.ids, request.user!, request.body.carrier),
  );
};
