import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '@partsmith/contract';
import { InvoicePaymentAnswer, InvoicePaymentBody } from '@partsmith/contract/companies';
import { toCents } from '@partsmith/contract/pricing';
import { recordInvoicePayment } from './invoice-payments.ts';

const InvoiceParams = z.object({
  number: z.string().regex(/^PS-\d{4}-\d{6}$/, 'An invoice number reads PS-<year>-<6 digits>'),
});

/** Shop admins record the money received against invoices on payment terms (issue 49). */
export const invoicePaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/invoices/:number/payments',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        operationId: 'recordInvoicePayment',
        summary: 'Record a payment received against an invoice on payment terms',
        description:
          'The amount (dollars), the day the money came and its reference. Never more than is still owed (422). The payment that settles the invoice closes it: the order is paid and the shop’s paid-order notice goes out. Audited. 404 for a number that is not an invoice on terms; 409 for one paid or closed already.',
        params: InvoiceParams,
        body: InvoicePaymentBody,
        response: { 201: InvoicePaymentAnswer, 404: ApiError, 409: ApiError, 422: ApiError },
      },
    },
    async (request, reply) => {
      const { answer, closed } = await recordInvoicePayment(
        app.db,
        request.params.number,
        {
          amountCents: toCents(request.body.amount),
          paidAt: request.body.paidAt,
          reference: request.body.reference,
        },
        { id: request.user!.id, email: request.user!.email },
      );
      if (closed) app.orderMails.poke();
      return reply.status(201).send(answer);
    },
  );
};
