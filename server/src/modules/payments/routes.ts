import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  CreatePaymentIntentBody,
  IdParams,
  MarkPaidAnswer,
  MarkPaidBody,
  PaymentConfig,
  PaymentIntentAnswer,
  TestCardAnswer,
  TestCardBody,
} from '@partsmith/contract';
import { errorBody } from '../../plugins/error-handler.ts';
import { HttpError } from '../../lib/http-errors.ts';
import {
  countSettlement,
  orderTotalCents,
  recordOpenPayment,
  settleSucceededPayment,
} from './service.ts';
import { CardError, type createTestProcessor } from './test-processor.ts';

const notSetUp = () => new HttpError(503, 'Card payments are not set up on this shop.');

/** A provider that fails to answer (network, outage, bad key) is a 502 with a calm message. */
async function askProvider<T>(
  call: () => Promise<T>,
  log: { error: (o: object, m: string) => void },
): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof HttpError || err instanceof CardError) throw err;
    log.error({ err }, 'the payment provider failed to answer');
    throw new HttpError(502, 'The payment provider did not answer. Please try again in a moment.');
  }
}

export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payment-config',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payments'],
        summary: 'Which card form the payment page shows',
        response: { 200: PaymentConfig, 503: ApiError },
      },
    },
    async () => {
      if (!app.payments) throw notSetUp();
      return { provider: app.payments.name, publishableKey: app.payments.publishableKey };
    },
  );

  app.post(
    '/create-payment-intent',
    {
      config: { access: 'verified' },
      schema: {
        tags: ['payments'],
        summary: "Start paying an order: the amount is the order's own total",
        body: CreatePaymentIntentBody,
        response: { 200: PaymentIntentAnswer, 404: ApiError, 409: ApiError, 503: ApiError },
      },
    },
    async (request) => {
      const provider = app.payments;
      if (!provider) throw notSetUp();
      const order = await app.orders.getVisible(request.body.orderId, {
        ...request.user!,
        role: 'customer',
      });
      if (order.paid) throw new HttpError(409, 'This order is already paid.');
      if (order.expiredAt) {
        throw new HttpError(
          409,
          'This order expired before it was paid and its parts went back in stock. Please order again.',
        );
      }
      // Issue 49: an order awaiting its company's approver, or declined, cannot be paid; one on
      // terms is paid against its invoice.
      if (order.approval === 'pending' || order.approval === 'declined')
        throw new HttpError(
          409,
          order.approval === 'pending'
            ? "This order is waiting for your company's approval; it can be paid once approved."
            : 'Your company declined this order and its parts went back in stock.',
        );
      if (order.paymentMethod === 'invoice')
        throw new HttpError(
          409,
          'This order is on your company’s terms: it is paid against its invoice.',
        );
      const amountCents = orderTotalCents(order);
      const payment = await askProvider(
        () =>
          provider.createPayment({
            orderId: order.id,
            amountCents,
            currency: 'usd',
            // One payment per order and amount, however often the page asks.
            idempotencyKey: `order-${order.id}-${amountCents}`,
            receiptEmail: order.userEmail,
            // The number the customer knows the order by (My Orders, the mails).
            description: `Partsmith order ${order.number}: ${order.quantity} x ${order.name}`,
          }),
        request.log,
      );
      // Our record of the payment, so a delete or the expiry sweep can cancel it.
      await recordOpenPayment(app.db, payment, order.id);
      return {
        clientSecret: payment.clientSecret,
        provider: provider.name,
        amount: amountCents / 100,
      };
    },
  );

  app.patch(
    '/purchase/:id',
    {
      config: { access: 'verified' },
      schema: {
        tags: ['payments'],
        summary: 'Record a payment: the server asks the provider before the order becomes paid',
        params: IdParams,
        body: MarkPaidBody,
        response: {
          200: MarkPaidAnswer,
          402: ApiError,
          404: ApiError,
          409: ApiError,
          503: ApiError,
        },
      },
    },
    async (request) => {
      const provider = app.payments;
      if (!provider) throw notSetUp();
      const order = await app.orders.getVisible(request.params.id, {
        ...request.user!,
        role: 'customer',
      });
      const { transactionId } = request.body;
      if (order.paid) {
        if (order.transactionId === transactionId) {
          return { acknowledged: true as const, modifiedCount: 0, paid: true, transactionId };
        }
        // A second payment that went through for a paid order is refunded, then refused.
        await askProvider(async () => {
          const other = await provider.retrievePayment(transactionId);
          if (other?.orderId === order.id && other.status === 'succeeded')
            countSettlement(
              app.metrics,
              await settleSucceededPayment(app.db, provider, other, request.log),
              app.orderMails.poke,
            );
        }, request.log);
        throw new HttpError(409, 'This order is already paid.');
      }
      const payment = await askProvider(() => provider.retrievePayment(transactionId), request.log);
      if (!payment || payment.orderId !== order.id) {
        request.log.warn(
          { orderId: order.id },
          'refused a transaction id the provider does not know for this order',
        );
        throw new HttpError(
          402,
          'The payment provider has no payment for this order with that id.',
        );
      }
      const result = await askProvider(
        () => settleSucceededPayment(app.db, provider, payment, request.log),
        request.log,
      );
      countSettlement(app.metrics, result, app.orderMails.poke);
      if (result.outcome === 'refunded') {
        throw new HttpError(
          402,
          `The order is not paid: ${result.reason}. The payment was refunded in full.`,
        );
      }
      if (result.outcome === 'ignored') {
        throw new HttpError(402, `The order is not paid: ${result.reason}.`);
      }
      return {
        acknowledged: true as const,
        modifiedCount: result.changed ? 1 : 0,
        paid: true,
        transactionId: payment.id,
      };
    },
  );

  app.post(
    '/test-payments/confirm',
    {
      config: { access: 'verified' },
      schema: {
        tags: ['payments'],
        summary: "Test mode only: pay with one of Stripe's test cards",
        body: TestCardBody,
        response: { 200: TestCardAnswer, 402: ApiError, 404: ApiError, 503: ApiError },
      },
    },
    async (request, reply) => {
      const provider = app.payments;
      if (!provider || provider.name !== 'test') {
        throw new HttpError(404, 'The test card processor is not in use on this shop.');
      }
      try {
        const payment = await (provider as ReturnType<typeof createTestProcessor>).confirm(
          request.body.clientSecret,
          request.body,
        );
        return { id: payment.id, status: 'succeeded' as const };
      } catch (error) {
        if (error instanceof CardError) {
          app.metrics.payments.inc({ outcome: 'declined' });
          return reply.status(402).send(errorBody(402, error.message));
        }
        throw error;
      }
    },
  );
};
