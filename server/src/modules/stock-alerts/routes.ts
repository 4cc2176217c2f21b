import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiError,
  Id,
  IdParams,
  StockAlertAnswer,
  StockAlertBody,
  StockAlertTokenQuery,
} from '@partsmith/contract';
import { PAGES } from '@partsmith/contract/pages';
import { notFound } from '../../lib/http-errors.ts';
import { alertLinks } from './mails.ts';
import { createStockAlertsService } from './service.ts';

/** Where a confirmation link lands: the part's page, which says what happened (`?alert=`). */
const landing = (partId: string, outcome: 'confirmed' | 'invalid') =>
  `${PAGES.part.path.replace(':partsId', partId)}?alert=${outcome}`;

const Redirect = z.null().describe("A redirect (Location) to the part's page with ?alert=");
const NoContent = z.null().describe('The alert is cancelled');

/** The confirmation link's query: the part it is for (to land on its page whatever happens). */
const ConfirmQuery = StockAlertTokenQuery.extend({ part: z.string().max(64).optional() });

export const stockAlertsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createStockAlertsService({
    db: app.db,
    mailer: app.mailer,
    log: app.log,
    links: alertLinks(app.config.publicUrl),
    counter: app.limitStore,
  });
  app.addHook('onClose', () => service.settle());

  app.post(
    '/parts/:id/stock-alerts',
    {
      config: { access: 'public', limit: 'stock-alert' },
      schema: {
        tags: ['parts'],
        summary: 'Ask for one mail when an out-of-stock part is back in stock',
        description:
          'A signed-in customer with a confirmed address sends `{}` (or no body) for their own ' +
          'address: `subscribed`. Anyone else sends `{ email }`: the alert counts once the link ' +
          'mailed to it (valid 7 days) is followed, and the answer is `confirmation_sent` ' +
          'whether or not that address asked before. Asking again is no error; one address gets ' +
          'at most one confirmation mail an hour for a part, and a few a day in all. When the ' +
          "part's stock comes back, each confirmed address gets one mail and its alert ends. " +
          '409 when the part is in stock, 404 when it is not in the catalogue.',
        params: IdParams,
        // A signed-in customer may send no body at all (Fastify then passes null).
        body: StockAlertBody.nullish(),
        response: { 201: StockAlertAnswer, 404: ApiError, 409: ApiError },
      },
    },
    async (request, reply) => {
      const status = await service.subscribe(request.params.id, request.user, request.body?.email);
      return reply.code(201).send({ status });
    },
  );

  app.delete(
    '/parts/:id/stock-alerts',
    {
      config: { access: 'public', limit: 'stock-alert' },
      schema: {
        tags: ['parts'],
        summary: 'Cancel a stock alert',
        description:
          "With `token` (from the alert's mail), anyone cancels that alert; without it, a " +
          'signed-in customer cancels their own alert for the part. 204, or 404 when there is ' +
          'no such alert.',
        params: IdParams,
        querystring: StockAlertTokenQuery,
        response: { 204: NoContent, 404: ApiError },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { token } = request.query;
      const cancelled = token
        ? await service.cancelByToken(id, token)
        : request.user
          ? await service.cancelOwn(id, request.user)
          : false;
      if (!cancelled) throw notFound('There is no stock alert of yours to cancel for this part.');
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/stock-alerts/confirm',
    {
      config: { access: 'public' },
      schema: {
        tags: ['parts'],
        summary: 'Confirm a stock alert (the link in the confirmation mail)',
        description:
          "Answers 303 to the part's page with ?alert=confirmed, or ?alert=invalid for a wrong " +
          'or expired link (to the catalogue when the link names no part).',
        querystring: ConfirmQuery,
        response: { 303: Redirect },
      },
    },
    async (request, reply) => {
      const outcome = await service.confirm(request.query.token ?? '');
      // Its part may be back already: then its mail goes now, not at the next look.
      if (outcome?.confirmed) app.backInStockMails.poke();
      if (outcome)
        return reply.redirect(
          landing(outcome.partId, outcome.confirmed ? 'confirmed' : 'invalid'),
          303,
        );
      const part = Id.safeParse(request.query.part);
      return reply.redirect(
        part.success ? landing(part.data, 'invalid') : `${PAGES.search.path}?alert=invalid`,
        303,
      );
    },
  );
};
