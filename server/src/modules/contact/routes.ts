import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiError,
  ContactAnswer,
  ContactBody,
  IdParams,
  ORDER_TOPICS,
  OrderMessageBody,
  NewsletterAnswer,
  NewsletterBody,
  NewsletterLinkQuery,
  NewsletterUnsubscribeAnswer,
} from '@partsmith/contract';
import { loadAuthSecret } from '../../auth/secret.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { createContactService, createNewsletterLinks } from './service.ts';

export const NEWSLETTER_THANKS =
  'Thank you: check your inbox for the link that confirms your subscription.';

/** Where the mailed links land: the contact page says what happened (web's newsletterStatus). */
const landing = (outcome: 'confirmed' | 'unsubscribed' | 'invalid') =>
  `/contact?newsletter=${outcome}`;

const Redirect = z.null().describe('A redirect (Location) to /contact?newsletter=<outcome>');

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const links = createNewsletterLinks(
    loadAuthSecret(app.config.authSecret, app.config.dataDir),
    app.config.publicUrl,
  );
  const service = createContactService({
    db: app.db,
    mailer: app.mailer,
    shopEmail: app.config.shopEmail,
    log: app.log,
    links,
    counter: app.limitStore,
  });
  app.addHook('onClose', () => service.settle());

  app.post(
    '/contact',
    {
      config: { access: 'public', limit: 'contact' },
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the shop',
        body: ContactBody,
        response: { 200: ContactAnswer },
      },
    },
    async (request) => {
      const insertedId = await service.submitMessage(request.body);
      return { acknowledged: true as const, insertedId };
    },
  );

  app.post(
    '/orders/:id/messages',
    {
      config: { access: 'user', limit: 'order-message' },
      schema: {
        tags: ['orders'],
        summary: "Write to the shop about one of your orders (the order's buyer)",
        description:
          "From the order's page: what it is about (something missing, a part damaged, the wrong part, a return, another question) and the message. It reaches the dashboard's Messages with the order's number and a link to it, and the shop's mailbox (replies go to the buyer's address). Anybody else's order, or one that is not there, answers 404.",
        params: IdParams,
        body: OrderMessageBody,
        response: { 200: ContactAnswer, 404: ApiError },
      },
    },
    async (request) => {
      const user = request.user!;
      const order = await app.orders.getVisible(request.params.id, user);
      // An admin or a company's approver sees the order, but only its buyer writes about it.
      if (order.userId !== user.id) throw notFound('We could not find that order.');
      const url = new URL(`/dashboard/orders/${order.id}`, app.config.publicUrl).toString();
      const insertedId = await service.submitMessage(
        {
          email: user.email,
          subject: ORDER_TOPICS[request.body.topic],
          message: request.body.message,
        },
        { id: order.id, number: order.number, url },
      );
      return { acknowledged: true as const, insertedId };
    },
  );

  app.post(
    '/newsletter',
    {
      config: { access: 'public', limit: 'newsletter' },
      schema: {
        tags: ['contact'],
        summary:
          'Subscribe an e-mail address to the newsletter: it counts once the mailed link is followed',
        description:
          'The same answer whether or not the address is on the list. A new or unconfirmed ' +
          'address is mailed a confirmation link (valid 7 days); a confirmed one gets nothing.',
        body: NewsletterBody,
        response: { 200: NewsletterAnswer },
      },
    },
    async (request) => {
      await service.subscribe(request.body.email);
      return { acknowledged: true as const, message: NEWSLETTER_THANKS };
    },
  );

  app.get(
    '/newsletter/confirm',
    {
      config: { access: 'public' },
      schema: {
        tags: ['contact'],
        summary: 'Confirm a newsletter subscription (the link in the confirmation mail)',
        description:
          'Answers 303 to /contact?newsletter=confirmed, or ?newsletter=invalid for a wrong or ' +
          'expired link.',
        querystring: NewsletterLinkQuery,
        response: { 303: Redirect },
      },
    },
    async (request, reply) => {
      const ok = await service.confirm(request.query.email, request.query.token);
      return reply.redirect(landing(ok ? 'confirmed' : 'invalid'), 303);
    },
  );

  app.get(
    '/newsletter/unsubscribe',
    {
      config: { access: 'public' },
      schema: {
        tags: ['contact'],
        summary: 'Unsubscribe from the newsletter (the link in every newsletter mail)',
        description:
          'Answers 303 to /contact?newsletter=unsubscribed, or ?newsletter=invalid for a wrong link.',
        querystring: NewsletterLinkQuery,
        response: { 303: Redirect },
      },
    },
    async (request, reply) => {
      const ok = await service.unsubscribe(request.query.email, request.query.token);
      return reply.redirect(landing(ok ? 'unsubscribed' : 'invalid'), 303);
    },
  );

  // RFC 8058 one-click: the mail provider POSTs "List-Unsubscribe=One-Click" as a form to the
  // List-Unsubscribe link. The link's query says who; the form is read and ignored, here only.
  await app.register(async (scope) => {
    const oneClick = scope.withTypeProvider<ZodTypeProvider>();
    oneClick.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, _body, done) => done(null, {}),
    );
    oneClick.post(
      '/newsletter/unsubscribe',
      {
        config: { access: 'public' },
        schema: {
          tags: ['contact'],
          summary: 'One-click unsubscribe (RFC 8058), as mail providers send it',
          querystring: NewsletterLinkQuery,
          response: { 200: NewsletterUnsubscribeAnswer, 415: ApiError },
        },
      },
      async (request) => {
        if (!(await service.unsubscribe(request.query.email, request.query.token))) {
          throw new HttpError(400, 'This unsubscribe link is not valid.');
        }
        return { acknowledged: true as const };
      },
    );
  });
};
