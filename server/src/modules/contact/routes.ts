import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  ContactAnswer,
  ContactBody,
  NewsletterAnswer,
  NewsletterBody,
} from '@partsmith/contract';
import { createContactService } from './service.ts';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createContactService({
    db: app.db,
    mailer: app.mailer,
    shopEmail: app.config.shopEmail,
    log: app.log,
  });

  app.post(
    '/contact',
    {
      config: { access: 'public', limit: 'contact' },
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the shop',
        body: ContactBody,
        response: { 200: ContactAnswer, 400: ApiError, 429: ApiError },
      },
    },
    async (request) => {
      const insertedId = await service.submitMessage(request.body);
      return { acknowledged: true as const, insertedId };
    },
  );

  app.post(
    '/newsletter',
    {
      config: { access: 'public', limit: 'newsletter' },
      schema: {
        tags: ['contact'],
        summary: 'Subscribe an e-mail address to the newsletter',
        body: NewsletterBody,
        response: { 200: NewsletterAnswer, 400: ApiError, 429: ApiError },
      },
    },
    async (request) => {
      await service.subscribe(request.body.email);
      return {
        acknowledged: true as const,
        message: 'Thank you: check your inbox for the link that confirms your subscription.',
      };
    },
  );
};
