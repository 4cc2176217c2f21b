import type Stripe from 'stripe';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '@partsmith/contract';
import { processedEvents } from '../../db/schema/payments.ts';
import { errorBody } from '../../plugins/error-handler.ts';
import type { PaymentProvider } from './provider.ts';
import { countSettlement, settleSucceededPayment, type Settlement } from './service.ts';
import { stripeProvider, toProviderPayment } from './stripe-provider.ts';

export interface StripeWebhookOptions {
  stripe: Stripe;
  webhookSecret: string;
  /** Refunds go through it; by default the provider over `stripe`. */
  provider?: PaymentProvider;
}

/** Stripe's own default: an event signed more than five minutes ago is refused (replay). */
const TOLERANCE_SECONDS = 300;

/**
 * What the shop reads of a signed event: its id and type, and for a succeeded payment the
 * intent's id and amounts. Stripe's own events always match; anything else signed with the
 * secret (a misconfigured sender) is refused with 400 instead of failing inside.
 */
const EventEnvelope = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  data: z.object({ object: z.looseObject({}) }),
});
const SucceededIntent = z.looseObject({
  id: z.string().min(1).max(255),
  amount: z.number().int().nonnegative(),
  amount_received: z.number().int().nonnegative().nullish(),
  currency: z.string().max(10),
  status: z.string(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});

const WebhookAnswer = z.object({
  received: z.literal(true),
  duplicate: z.literal(true).optional(),
});

/**
 * POST /api/webhooks/stripe. Accepted only with a valid, recent `Stripe-Signature` over the exact
 * bytes Stripe sent, so this plugin reads application/json as a raw buffer in its own
 * encapsulated context (the rest of the app keeps its JSON parser). Each event id is processed
 * once: the event is recorded in processed_events in the same transaction as its effect, so a
 * redelivery (Stripe delivers at least once) changes nothing, and a failure records nothing and
 * lets Stripe retry.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<StripeWebhookOptions> = async (
  app,
  { stripe, webhookSecret, provider: given },
) => {
  const provider = given ?? stripeProvider(stripe, null);
  if (!webhookSecret.trim()) throw new Error('stripeWebhookRoutes needs the webhook secret');

  if (app.hasContentTypeParser('application/json')) app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    '/api/webhooks/stripe',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payments'],
        summary: "Stripe's webhook (signed events; each event id is processed once)",
        response: { 200: WebhookAnswer, 400: ApiError },
      },
    },
    async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      const raw = request.body;
      if (typeof signature !== 'string' || signature === '' || !Buffer.isBuffer(raw)) {
        request.log.warn('refused a Stripe webhook without a signature');
        return reply.status(400).send(errorBody(400, 'The Stripe signature is missing.'));
      }

      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(raw, signature, webhookSecret, TOLERANCE_SECONDS);
      } catch (error) {
        // Only the reason: the error object carries the whole payload and header.
        request.log.warn(
          { reason: error instanceof Error ? error.message : String(error) },
          'refused a Stripe webhook with an invalid or stale signature',
        );
        return reply
          .status(400)
          .send(errorBody(400, 'The Stripe signature is not valid or the event is too old.'));
      }

      const envelope = EventEnvelope.safeParse(event);
      const intent =
        envelope.success && event.type === 'payment_intent.succeeded'
          ? SucceededIntent.safeParse(event.data.object)
          : null;
      if (!envelope.success || (intent && !intent.success)) {
        request.log.warn('refused a signed Stripe webhook that is not an event the shop reads');
        return reply.status(400).send(errorBody(400, 'The Stripe event is not well formed.'));
      }

      const log = request.log.child({ eventId: event.id, eventType: event.type });
      // Counted once the transaction has committed: a rolled-back settlement settled nothing.
      let settled: Settlement | undefined;
      const duplicate = await app.db.transaction(async (tx) => {
        const recorded = await tx
          .insert(processedEvents)
          .values({ id: event.id, type: event.type })
          .onConflictDoNothing({ target: processedEvents.id })
          .returning({ id: processedEvents.id });
        if (recorded.length === 0) return true;

        if (event.type === 'payment_intent.succeeded') {
          const payment = toProviderPayment(event.data.object);
          // Pays the order or refunds the payment; a refund is logged as an error by
          // settleSucceededPayment itself. A provider failure rolls back and Stripe retries.
          const result = await settleSucceededPayment(tx, provider, payment, log);
          settled = result;
          log.info(
            { paymentId: payment.id, orderId: payment.orderId, ...result },
            'a succeeded payment was settled (webhook)',
          );
        } else {
          log.debug('Stripe event recorded; nothing to do for its type');
        }
        return false;
      });
      if (settled) countSettlement(app.metrics, settled, app.orderMails.poke);

      if (duplicate) {
        log.info('Stripe event already processed; ignored');
        return { received: true as const, duplicate: true as const };
      }
      return { received: true as const };
    },
  );
};
