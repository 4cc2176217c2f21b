import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  ContactMessage,
  DeleteAnswer,
  IdParams,
  MessageHandledBody,
} from '@partsmith/contract';
import { AdminMessagesPage, AdminMessagesQuery } from '@partsmith/contract/admin-lists';
import { deleteMessage, listAdminMessages, setMessageHandled } from './admin-list.ts';

/**
 * The dashboard's Messages: what visitors and customers wrote through the contact form, kept in
 * the database whether or not the mail to the shop went out, and marked handled once answered.
 */
export const contactAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/messages',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Messages: the contact form's messages, a page at a time",
        description:
          "Newest first unless `sort` says otherwise; `nextCursor` (null on the last page) gives the next page of the same query. `q` finds messages with every word of it in the sender's address, the subject or the message; `handled` keeps the handled ones or the new ones. `total` counts every message the query finds. A cursor the server did not make, or made for another sort, is a 400.",
        querystring: AdminMessagesQuery,
        response: { 200: AdminMessagesPage, 400: ApiError },
      },
    },
    async (request) => listAdminMessages(app.db, request.query),
  );

  app.patch(
    '/admin/messages/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Mark a contact message handled, or new again',
        params: IdParams,
        body: MessageHandledBody,
        response: { 200: ContactMessage, 404: ApiError },
      },
    },
    async (request) => setMessageHandled(app.db, request.params.id, request.body.handled),
  );

  app.delete(
    '/admin/messages/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Delete a contact message for good (recorded in the audit log)',
        params: IdParams,
        response: { 200: DeleteAnswer, 404: ApiError },
      },
    },
    async (request) => deleteMessage(app.db, request.params.id, request.user!),
  );
};
