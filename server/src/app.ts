import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { trustedOrigins, type Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Mailer } from './mail/mailer.ts';
import { requestIdFor } from './lib/request-id.ts';
import { authPlugin } from './auth/plugin.ts';
import { accessControl } from './plugins/access.ts';
import { controlSocket } from './plugins/control-socket.ts';
import { database } from './plugins/database.ts';
import { openApi, openApiUi } from './plugins/docs.ts';
import { errorHandler } from './plugins/error-handler.ts';
import { limits } from './plugins/limits.ts';
import { loggerOptions } from './plugins/logging.ts';
import { mailer } from './plugins/mailer.ts';
import { metrics } from './plugins/metrics.ts';
import { redis } from './plugins/redis.ts';
import { sameOriginWrites, securityHeaders } from './plugins/security.ts';
import { webApp } from './plugins/web.ts';
import { addressesRoutes } from './modules/addresses/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { cartRoutes } from './modules/cart/routes.ts';
import { quickOrderRoutes } from './modules/cart/quick-order-routes.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { contactAdminRoutes } from './modules/contact/admin-routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { housekeeping } from './modules/housekeeping/plugin.ts';
import { insights } from './modules/insights/plugin.ts';
import { insightsRoutes } from './modules/insights/routes.ts';
import { orders } from './modules/orders/plugin.ts';
import { ordersAdminListRoutes } from './modules/orders/admin-list-routes.ts';
import { packingSlipRoutes } from './modules/orders/packing-slip-routes.ts';
import { partRefundRoutes } from './modules/orders/part-refund-routes.ts';
import { ordersAdminRoutes, ordersRoutes } from './modules/orders/routes.ts';
import { partsAdminListRoutes } from './modules/parts/admin-list-routes.ts';
import { partsAdminRoutes } from './modules/parts/admin-routes.ts';
import { partsCsvRoutes } from './modules/parts/csv-routes.ts';
import { CatalogueCache } from './modules/parts/cache.ts';
import { catalogueCache, catalogueCacheHits, searchSynonyms } from './modules/parts/plugin.ts';
import { partsRoutes } from './modules/parts/routes.ts';
import { searchSynonymRoutes } from './modules/parts/synonym-routes.ts';
import { payments } from './modules/payments/plugin.ts';
import type { PaymentProvider } from './modules/payments/provider.ts';
import { paymentsRoutes } from './modules/payments/routes.ts';
import { stripeWebhookRoutes } from './modules/payments/stripe-webhook.ts';
import { profilesRoutes } from './modules/profiles/routes.ts';
import { quotes } from './modules/quotes/plugin.ts';
import { quotesAdminListRoutes } from './modules/quotes/admin-list-routes.ts';
import { quotesRoutes } from './modules/quotes/routes.ts';
import { reviewsAdminListRoutes } from './modules/reviews/admin-list-routes.ts';
import { reviewsRoutes } from './modules/reviews/routes.ts';
import { shippingRoutes } from './modules/shipping/routes.ts';
import { companiesRoutes } from './modules/companies/routes.ts';
import { priceListRoutes } from './modules/companies/price-list-routes.ts';
import { orderApprovalRoutes } from './modules/orders/approval-routes.ts';
import { invoicePaymentRoutes } from './modules/orders/invoice-payment-routes.ts';
import { sitemapRoute } from './modules/site/sitemap.ts';
import { stockAlerts } from './modules/stock-alerts/plugin.ts';
import { stockAlertsRoutes } from './modules/stock-alerts/routes.ts';
import { images } from './modules/uploads/plugin.ts';
import { uploadRoutes, uploadsStatic } from './modules/uploads/routes.ts';
import { usersAdminListRoutes } from './modules/users/admin-list-routes.ts';
import { usersAdminRoutes } from './modules/users/admin-routes.ts';
import { usersRoutes } from './modules/users/routes.ts';

export { createDatabase } from './plugins/database.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export interface AppDeps {
  /** An open, migrated database (tests pass one); otherwise the configured one is opened. */
  database?: Database;
  mailer?: Mailer;
  payments?: PaymentProvider | null;
  logger?: FastifyServerOptions['logger'];
  /** Tests only: the pause before the catalogue's notification connection is made again. */
  catalogueReconnectMs?: number;
  /** main.ts: creates a new embedded database in another process (plugins/database.ts). */
  createDatabaseApart?: () => Promise<void>;
}

/**
 * Builds the whole shop: the shared services (each a plugin that owns its decorator and its
 * teardown), the request pipeline's plugins, the API modules under /api, then the web app.
 * Used by main.ts and by every test.
 */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const cache = new CatalogueCache();
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // The database plugin creates a new embedded database (migrations, demo seed) before the
    // shop starts: on a busy machine that took longer than Fastify's default 10 s and the start
    // failed. A start that truly hangs is still stopped, after two minutes.
    pluginTimeout: 120_000,
    requestIdHeader: false,
    // Keep a caller's request id only when it looks like one; never log arbitrary text as an id.
    genReqId: requestIdFor,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  // JSON only: a text/plain body (what a cross-site form can send without a preflight) is 415.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.decorate('config', config);

  // Shared services: closed in the reverse order (the database last).
  await app.register(database, { given: deps.database, createApart: deps.createDatabaseApart });
  await app.register(mailer, { given: deps.mailer });
  await app.register(redis);
  await app.register(catalogueCache, { cache, reconnectMs: deps.catalogueReconnectMs });
  await app.register(searchSynonyms);
  await app.register(payments, { given: deps.payments });
  await app.register(images);
  await app.register(orders);
  await app.register(quotes);
  await app.register(insights);
  await app.register(stockAlerts);
  await app.register(housekeeping);
  await app.register(controlSocket);

  // The request pipeline.
  await app.register(errorHandler);
  await app.register(securityHeaders, {
    hsts: config.publicUrl.startsWith('https://'),
    stripe: Boolean(config.stripe),
    imageOrigins: config.s3?.publicUrl ? [new URL(config.s3.publicUrl).origin] : [],
  });
  await app.register(sameOriginWrites, { origins: trustedOrigins(config) });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(accessControl);
  await app.register(limits);
  await app.register(openApi);
  await app.register(authPlugin);
  await app.register(metrics);
  await app.register(catalogueCacheHits);

  await app.register(
    async (api) => {
      for (const routes of [
        healthRoutes,
        partsRoutes,
        reviewsRoutes,
        reviewsAdminListRoutes,
        contactRoutes,
        contactAdminRoutes,
        usersRoutes,
        ordersRoutes,
        cartRoutes,
        quickOrderRoutes,
        addressesRoutes,
        quotesRoutes,
        quotesAdminListRoutes,
        paymentsRoutes,
        uploadRoutes,
        profilesRoutes,
        partsAdminRoutes,
        partsAdminListRoutes,
        partsCsvRoutes,
        searchSynonymRoutes,
        usersAdminRoutes,
        usersAdminListRoutes,
        ordersAdminRoutes,
        ordersAdminListRoutes,
        packingSlipRoutes,
        partRefundRoutes,
        auditRoutes,
        insightsRoutes,
        stockAlertsRoutes,
        shippingRoutes,
        companiesRoutes,
        priceListRoutes,
        orderApprovalRoutes,
        invoicePaymentRoutes,
      ])
        await api.register(routes);
    },
    { prefix: '/api' },
  );
  // At the root: the route's path already starts with /api, and it keeps its own raw-body parser.
  if (app.stripe && config.stripe?.webhookSecret) {
    await app.register(stripeWebhookRoutes, {
      stripe: app.stripe,
      webhookSecret: config.stripe.webhookSecret,
      provider: app.payments ?? undefined,
    });
  }
  await app.register(openApiUi);
  await app.register(uploadsStatic, { dir: config.uploadsDir });
  await app.register(sitemapRoute);
  await app.register(webApp, {
    dist: config.webDist,
    pageCache: cache,
  });
  return app;
}
