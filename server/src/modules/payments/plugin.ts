import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type Stripe from 'stripe';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { PaymentProvider } from './provider.ts';
import { createStripeProvider } from './stripe-provider.ts';
import { createTestProcessor } from './test-processor.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The card payment provider, or null when card payments are off (test mode refused in production). */
    payments: PaymentProvider | null;
    /** Stripe's client when Stripe keys are set (its webhook verifies events with it). */
    stripe: Stripe | null;
  }
}

/** STRIPE_API_BASE (tests only) as the SDK's host/port/protocol. */
export function stripeApiBase(url: string) {
  const u = new URL(url);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return {
    host: u.hostname,
    port: Number(u.port || (protocol === 'http' ? 80 : 443)),
    protocol,
  } as const;
}

/** Stripe with the configured keys, or null without them. */
export function configuredStripe(config: Config) {
  if (!config.stripe) return null;
  return createStripeProvider({
    secretKey: config.stripe.secretKey,
    publishableKey: config.stripe.publishableKey,
    apiBase: config.stripe.apiBase ? stripeApiBase(config.stripe.apiBase) : undefined,
  });
}

/**
 * Without Stripe keys: the built-in test-mode processor, which production refuses unless
 * ALLOW_TEST_PAYMENTS says so (then card payments answer "not set up").
 */
export function choosePaymentProvider(config: Config, db: Db): PaymentProvider | null {
  if (config.env === 'production' && !config.allowTestPayments) return null;
  return createTestProcessor(db);
}

/** The shop's card payments: Stripe when its keys are set, else the test processor (or a test's). */
export const payments = fp(async function payments(
  app: FastifyInstance,
  options: { given?: PaymentProvider | null },
) {
  const stripe = await configuredStripe(app.config);
  app.decorate('stripe', stripe?.stripe ?? null);
  app.decorate(
    'payments',
    options.given !== undefined
      ? options.given
      : (stripe ?? choosePaymentProvider(app.config, app.db)),
  );
});
