import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { trustedOrigins, type Config } from './config.ts';
import { openDatabase, type Database, type Db } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { seedDemo } from './db/seed/seed.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { partsRoutes } from './modules/parts/routes.ts';
import { reviewsRoutes } from './modules/reviews/routes.ts';
import { sitemapRoute } from './modules/site/sitemap.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { ordersAdminRoutes, ordersRoutes } from './modules/orders/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { partsAdminRoutes } from './modules/parts/admin-routes.ts';
import { CatalogueCache } from './modules/parts/cache.ts';
import { listenForCatalogueChanges } from './modules/parts/catalogue-listener.ts';
import { requestIdFor } from './lib/request-id.ts';
import { connectRedis } from './lib/redis.ts';
import type { Redis } from 'ioredis';
import { profilesRoutes } from './modules/profiles/routes.ts';
import { createDiskImageStore } from './modules/uploads/images.ts';
import { uploadRoutes, uploadsStatic } from './modules/uploads/routes.ts';
import { usersAdminRoutes } from './modules/users/admin-routes.ts';
import { createOrdersService } from './modules/orders/service.ts';
import { createOrderMailSender, type OrderMailSender } from './modules/orders/mail-outbox.ts';
import { housekeeping } from './modules/housekeeping/plugin.ts';
import { paymentsRoutes } from './modules/payments/routes.ts';
import type { PaymentProvider } from './modules/payments/provider.ts';
import { createTestProcessor } from './modules/payments/test-processor.ts';
import { createStripeProvider } from './modules/payments/stripe-provider.ts';
import { stripeWebhookRoutes } from './modules/payments/stripe-webhook.ts';
import { expireUnpaidOrders } from './modules/payments/reconcile.ts';
import { authPlugin } from './auth/plugin.ts';
import { accessControl } from './plugins/access.ts';
import { limits } from './plugins/limits.ts';
import { openApi, openApiUi } from './plugins/docs.ts';
import { errorHandler } from './plugins/error-handler.ts';
import { loggerOptions } from './plugins/logging.ts';
import { sameOriginWrites, securityHeaders } from './plugins/security.ts';
import { webApp } from './plugins/web.ts';
import { createPageDataHinter } from './modules/site/page-hints.ts';
import { createPageRenderer } from './modules/site/page-render.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    mailer: Mailer;
    catalogueCache: CatalogueCache;
    /** REDIS_URL's client, or null: the database keeps the shared counters then. */
    redis: Redis | null;
    /** Sends the order confirmations queued by purchases (decision 017). */
    orderMails: OrderMailSender;
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
  /**
   * Creates the embedded database (initdb, migrations, demo seed) in another process when the
   * data folder is new (main.ts), so this one never holds the creation's peak memory; without
   * it (tests), the database is created here, then closed and opened again.
   */
  createDatabaseApart?: () => Promise<void>;
}

/** Mails left queued by an earlier run wait this long after start-up. */
const STARTUP_MAIL_DELAY_MS = 2_000;

/**
 * Builds the whole shop: external plugins, then the app's own plugins, then the API modules
 * under /api, then the web app. Used by main.ts and by every test.
 */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const options: FastifyServerOptions = {
    logger: deps.logger ?? loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
    // Keep a caller's request id only when it looks like one; never log arbitrary text as an id.
    genReqId: requestIdFor,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Catalogue reads already answered are sent before Fastify routes them (decision 007).
    serverFactory: (handler, opts) => {
      const server = http.createServer((req, res) => {
        if (!catalogueCache.serveRaw(req, res)) handler(req, res);
      });
      // What Fastify sets on the server it makes itself.
      server.keepAliveTimeout = Number(opts.keepAliveTimeout ?? 72_000);
      server.requestTimeout = Number(opts.requestTimeout ?? 0);
      server.setTimeout(Number(opts.connectionTimeout ?? 0));
      return server;
    },
  };
  const catalogueCache = new CatalogueCache();
  const app = Fastify(options).withTypeProvider<ZodTypeProvider>();

  // JSON only: a text/plain body (what a cross-site form can send without a preflight) is 415.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const database =
    deps.database ?? (await openConfiguredDatabase(config, app.log, deps.createDatabaseApart));
  const ownsDatabase = !deps.database;
  const mailer =
    deps.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      logger: app.log,
    });

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('mailer', mailer);
  app.decorate('catalogueCache', catalogueCache);
  const redis = config.redisUrl
    ? await connectRedis(config.redisUrl, config.redisKeyPrefix, app.log)
    : null;
  app.decorate('redis', redis);
  const catalogueListener = await listenForCatalogueChanges(database, catalogueCache, app.log, {
    reconnectMs: deps.catalogueReconnectMs,
  });
  const catalogueChanged = () => catalogueCache.invalidate();
  const stripe = config.stripe
    ? await createStripeProvider({
        secretKey: config.stripe.secretKey,
        publishableKey: config.stripe.publishableKey,
        apiBase: config.stripe.apiBase ? stripeApiBase(config.stripe.apiBase) : undefined,
      })
    : null;
  const payments = deps.payments ?? stripe ?? choosePaymentProvider(config, database);
  app.decorate('payments', payments);
  app.decorate('images', createDiskImageStore(config.uploadsDir));
  const orderMails = createOrderMailSender({
    db: database.db,
    mailer,
    log: app.log,
    publicUrl: config.publicUrl,
  });
  app.decorate('orderMails', orderMails);
  app.decorate(
    'orders',
    createOrdersService({
      db: database.db,
      log: app.log,
      mailQueued: orderMails.poke,
      payments,
      catalogueChanged,
      maxUnpaidOrders: config.maxUnpaidOrders,
      unpaidOrderTtlMs: config.unpaidOrderTtlMs,
      lockBuyer: database.raw.kind !== 'pglite',
    }),
  );
  // Mails queued before a stop or a crash go out once the shop has started, not during it.
  setTimeout(orderMails.poke, STARTUP_MAIL_DELAY_MS).unref();
  await app.register(housekeeping);
  // UNPAID_ORDER_TTL: expire unpaid orders (their stock goes back) now and then.
  let sweep: NodeJS.Timeout | undefined;
  if (config.unpaidOrderTtlMs) {
    const ttlMs = config.unpaidOrderTtlMs;
    let running = false;
    sweep = setInterval(
      () => {
        if (running) return;
        running = true;
        expireUnpaidOrders({
          db: database.db,
          provider: payments,
          ttlMs,
          log: app.log,
          catalogueChanged,
        })
          .catch((err: unknown) => app.log.error({ err }, 'the unpaid order sweep failed'))
          .finally(() => {
            running = false;
          });
      },
      Math.min(60_000, Math.max(1_000, Math.floor(ttlMs / 2))),
    );
    sweep.unref();
  }
  app.addHook('onClose', async () => {
    if (sweep) clearInterval(sweep);
    await orderMails.close();
    await catalogueListener.close();
    if (redis) await redis.quit().catch(() => redis.disconnect());
    if (!deps.mailer) mailer.close();
    if (ownsDatabase) await database.close();
  });

  await app.register(errorHandler);
  await app.register(securityHeaders, {
    hsts: config.publicUrl.startsWith('https://'),
    stripe: Boolean(config.stripe),
  });
  await app.register(sameOriginWrites, { origins: trustedOrigins(config) });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(accessControl);
  await app.register(limits);
  await app.register(openApi);
  await app.register(authPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(partsRoutes);
      await api.register(reviewsRoutes);
      await api.register(contactRoutes);
      await api.register(usersRoutes);
      await api.register(ordersRoutes);
      await api.register(paymentsRoutes);
      await api.register(uploadRoutes);
      await api.register(profilesRoutes);
      await api.register(partsAdminRoutes);
      await api.register(usersAdminRoutes);
      await api.register(ordersAdminRoutes);
      await api.register(auditRoutes);
    },
    { prefix: '/api' },
  );
  // At the root: the route's path already starts with /api, and it keeps its own raw-body parser.
  if (stripe && config.stripe?.webhookSecret) {
    await app.register(stripeWebhookRoutes, {
      stripe: stripe.stripe,
      webhookSecret: config.stripe.webhookSecret,
      provider: payments ?? stripe,
    });
  }
  await app.register(openApiUi);
  await app.register(uploadsStatic, { dir: config.uploadsDir });
  await app.register(sitemapRoute);
  await app.register(webApp, {
    dist: config.webDist,
    pageDataHints: createPageDataHinter(app),
    renderPage: createPageRenderer(app, config.webServerBuild),
  });

  return app;
}

/**
 * A closed PGlite's WebAssembly memory is freed only when V8 collects it, which an idle server
 * may not do for hours: one full collection now gives the creation's peak back to the system.
 */
function releaseClosedMemory() {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as (() => void) | undefined;
  gc?.();
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

/**
 * Without Stripe keys: the built-in test-mode processor, which production refuses unless
 * ALLOW_TEST_PAYMENTS says so (then card payments answer "not set up").
 */
export function choosePaymentProvider(config: Config, database: Database): PaymentProvider | null {
  if (config.env === 'production' && !config.allowTestPayments) return null;
  return createTestProcessor(database.db);
}

/** Where database creation reports what it did: the app's logger, or a plain one in main.ts. */
export type InfoLog = { info(data: object, message: string): void };

const openConfigured = (config: Config) =>
  openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });

/** Brings the database's schema up to date and, when asked, seeds the demo catalogue. */
async function migrateAndSeed(database: Database, config: Config, log: InfoLog) {
  await runMigrations(database);
  if (config.seedDemo) {
    const seeded = await seedDemo(database.db);
    if (seeded.parts > 0) log.info(seeded, 'seeded the demo catalogue into the empty shop');
  }
}

/**
 * The work of the process main.ts starts for a new data folder: creates the embedded database,
 * migrates and seeds it, and closes it.
 */
export async function createDatabase(config: Config, log: InfoLog): Promise<void> {
  const database = await openConfigured(config);
  try {
    await migrateAndSeed(database, config, log);
  } finally {
    await database.close();
  }
}

async function openConfiguredDatabase(
  config: Config,
  log: InfoLog,
  createApart?: () => Promise<void>,
): Promise<Database> {
  // The embedded database's first creation (initdb, migrations, seed) peaks at several hundred
  // MB that PGlite keeps once grown (and the process's allocator keeps after that): it is made
  // by another process when main.ts offers one, else here, then closed and opened again.
  let creating =
    !config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION'));
  if (creating && createApart) {
    await createApart();
    log.info({ dataDir: config.dataDir }, 'created the embedded database in a separate process');
    creating = false;
  }
  let database = await openConfigured(config);
  try {
    await migrateAndSeed(database, config, log);
  } catch (error) {
    await database.close();
    throw error;
  }
  if (creating) {
    await database.close();
    releaseClosedMemory();
    database = await openConfigured(config);
    log.info({ dataDir: config.dataDir }, 'created the embedded database and opened it again');
  }
  return database;
}
