import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiError,
  MAX_CART_LINES,
  QUICK_ORDER_MAX_BYTES,
  QUICK_ORDER_MAX_LINES,
  QuickOrderAnswer,
  QuickOrderBody,
} from '@partsmith/contract';
import { badRequest } from '../../lib/http-errors.ts';
import { quickOrder } from './quick-order.ts';
import { createCartService, type CartOwner } from './service.ts';
import {
  visitorCartCookie,
  visitorCartIdOf,
  type VisitorCookieSettings,
} from './visitor-cookie.ts';

const KILOBYTES = QUICK_ORDER_MAX_BYTES / 1024;

/**
 * Quick order (issue 49): a list of part numbers and quantities into the cart at once, typed or
 * pasted (JSON) or a spreadsheet's CSV file (text/csv), for a signed-in customer's cart or a
 * visitor's, as the cart's own routes (routes.ts) name them.
 */
export const quickOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const cart = createCartService(app.db);
  const cookie: VisitorCookieSettings = {
    secret: (await app.auth.$context).secret,
    secure: app.config.publicUrl.startsWith('https://'),
    maxAgeSeconds: app.config.visitorCartDays * 24 * 60 * 60,
  };
  // This plugin only: the rest of the API takes JSON alone. A larger file is refused (413)
  // before it is read to the end.
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: QUICK_ORDER_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/cart/quick-order',
    {
      config: { access: 'public', limit: 'cart' },
      schema: {
        tags: ['cart'],
        operationId: 'quickOrder',
        summary: 'Put parts in your cart by part number, from a list or a CSV file',
        description: `A list of parts, one a line: the part number (in any case), then the quantity, separated by a comma, a semicolon, a tab or (typed text only) spaces. Sent as JSON ({ "lines": "PS-MEM-000012, 4\\nPS-CPU-000003, 1" }), or as a CSV file (Content-Type text/csv: quoted fields, a UTF-8 byte-order mark and any line endings are read). Blank lines are skipped; a first line naming its columns (such as sku,quantity) is a header, whose columns are then read in any order. A part named on several lines gets their quantities added. Each part's quantity is added to what your cart already holds of it, and the sum must be within the part's minimum order and its stock; a cart holds at most ${MAX_CART_LINES} different parts. Not all or nothing: the lines that can be added are, the others are answered in problems with their line number (from 1, as an editor counts) and why (a part number no part has, a deleted part's included, a quantity that is not a whole number of 1 or more, below the minimum order, more than the stock, a line that cannot be read). At most ${QUICK_ORDER_MAX_LINES} lines and ${KILOBYTES} kB; 422 for a list without a part line or with more lines. A visitor's cart is kept on the server, named by a signed, httpOnly cookie that the first change sets.`,
        consumes: ['application/json', 'text/csv'],
        body: z.union([QuickOrderBody, z.string()]),
        response: { 200: QuickOrderAnswer, 413: ApiError, 415: ApiError, 422: ApiError },
      },
    },
    async (request, reply) => {
      const csv = /^text\/csv\s*(;|$)/i.test(String(request.headers['content-type'] ?? ''));
      const body = request.body;
      // A bare JSON string is neither form: the list goes in `lines`.
      if (typeof body === 'string' && !csv)
        throw badRequest('Send the list as { "lines": "..." } in JSON, or the file as text/csv.');
      const text = typeof body === 'string' ? body : body.lines;
      let owner: CartOwner | null = null;
      if (request.user) owner = { userId: request.user.id };
      else {
        const id = visitorCartIdOf(request.headers.cookie, cookie.secret);
        if (id) owner = { visitorCartId: id };
      }
      const { answer, visitorCartId } = await quickOrder(app.db, cart, owner, { text, csv });
      // A visitor's cookie is set again, so it lasts as long as their cart.
      if (visitorCartId) reply.header('set-cookie', visitorCartCookie(visitorCartId, cookie));
      return answer;
    },
  );
};
