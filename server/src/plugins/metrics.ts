import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, LogLevel } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { ApiError } from '@partsmith/contract';
import { errorBody } from './error-handler.ts';

/** How a payment ended: it paid its order, was refunded automatically, or the card was declined. */
export type PaymentOutcome = 'paid' | 'refunded' | 'declined';

interface Count {
  inc(): void;
}

/**
 * Which outbox a mail is of: an order's, a low-stock mail to the admins, a quote's, a
 * back-in-stock mail of a stock alert.
 */
export type MailKind = 'order' | 'low-stock' | 'quote' | 'stock-alert';
export const MAIL_KINDS: readonly MailKind[] = ['order', 'low-stock', 'quote', 'stock-alert'];

interface MailCount {
  inc(labels: { kind: MailKind }): void;
}

/** What the rest of the server counts; every call is a no-op while metrics are off. */
export interface ShopMetrics {
  /** A purchase committed a new order. */
  ordersPlaced: Count;
  /** A payment settled (counted once, by the call that changed something). */
  payments: { inc(labels: { outcome: PaymentOutcome }): void };
  /** A mail was queued in its outbox (`order_mails`, `low_stock_mails`). */
  mailsQueued: MailCount;
  /** A mail was sent. */
  mailsSent: MailCount;
  /** Sending a mail failed (it stays queued for a retry). */
  mailsFailed: MailCount;
  /** A mail failed MAIL_MAX_ATTEMPTS times and was set aside (kept, never retried). */
  mailsSetAside: MailCount;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus counters of what the shop does (`GET /api/metrics` with METRICS_TOKEN). */
    metrics: ShopMetrics;
  }
}

export const METRICS_PATH = '/api/metrics';

/** The route label of a request no route matched (unknown paths, the web app's pages). */
export const UNMATCHED = 'unmatched';

/**
 * A route's label: its pattern, never the URL, so the label values are bounded by the routes.
 * The web build's files are one route each (hundreds of hashed names): they are counted by
 * their top folder, `/assets/*`, `/images/*`.
 */
export function routeLabel(pattern: string): string {
  if (pattern.startsWith('/api/') || /[:*]/.test(pattern)) return pattern;
  const slash = pattern.indexOf('/', 1);
  return slash === -1 ? pattern : `${pattern.slice(0, slash)}/*`;
}

/** Seconds; a shop's answers mostly take a few milliseconds. */
const DURATION_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];

const noop: Count = { inc() {} };
const OFF: ShopMetrics = {
  ordersPlaced: noop,
  payments: noop,
  mailsQueued: noop,
  mailsSent: noop,
  mailsFailed: noop,
  mailsSetAside: noop,
};

/** Hashed first, so that tokens of any length compare in constant time. */
const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Prometheus metrics at GET /api/metrics, only when METRICS_TOKEN is set (otherwise the path is
 * unknown, like any other, and prom-client is never loaded), for a scraper that sends
 * `Authorization: Bearer <METRICS_TOKEN>`. The registry is this app's own: requests by route
 * pattern, method and status (a count and a latency histogram, observed once per answer), what
 * `app.metrics` counts, the PostgreSQL pool's use, and prom-client's process metrics (event-loop
 * lag among them). Registered after the access and OpenAPI plugins (its route is declared and
 * described) and before the /api and web plugins, whose contexts copy its hook when made.
 */
export const metrics = fp(async function metrics(app: FastifyInstance) {
  const token = app.config.metricsToken;
  if (!token) {
    app.decorate('metrics', OFF);
    return;
  }
  // Loaded only here: a shop without metrics does not carry it.
  const client = await import('prom-client');
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new client.Counter({
    name: 'partsmith_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const durations = new client.Histogram({
    name: 'partsmith_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  /** A counter by mail kind, each kind shown from the start (at 0), so rates need no gap. */
  const mailCounter = (name: string, help: string) => {
    const counter = new client.Counter({ name, help, labelNames: ['kind'] as const, registers });
    for (const kind of MAIL_KINDS) counter.inc({ kind }, 0);
    return counter;
  };
  const shop: ShopMetrics = {
    ordersPlaced: new client.Counter({
      name: 'partsmith_orders_placed_total',
      help: 'Orders placed',
      registers,
    }),
    payments: new client.Counter({
      name: 'partsmith_payments_total',
      help: 'Payments settled, by outcome: paid, refunded (could not pay its order), declined (test cards)',
      labelNames: ['outcome'] as const,
      registers,
    }),
    mailsQueued: mailCounter(
      'partsmith_mails_queued_total',
      'Mails queued in an outbox, by kind: order (its life), low-stock (to the admins), quote',
    ),
    mailsSent: mailCounter(
      'partsmith_mails_sent_total',
      'Mails sent, by kind: order (its life), low-stock (to the admins), quote, stock-alert (back in stock)',
    ),
    mailsFailed: mailCounter(
      'partsmith_mails_failed_total',
      'Failed attempts to send a mail, by kind (it stays queued and is retried)',
    ),
    mailsSetAside: mailCounter(
      'partsmith_mails_set_aside_total',
      'Mails set aside after MAIL_MAX_ATTEMPTS failed attempts, by kind (kept with failed_at, never retried)',
    ),
  };
  app.decorate('metrics', shop);

  // Read when scraped, never per request. The cache's hits are in the request metrics too.
  const cache = app.catalogueCache;
  new client.Counter({
    name: 'partsmith_catalogue_cache_hits_total',
    help: 'Catalogue reads answered from the cache by their exact URL',
    registers,
    collect() {
      this.reset();
      this.inc(cache.hits);
    },
  });
  new client.Counter({
    name: 'partsmith_catalogue_cache_misses_total',
    help: 'Catalogue reads the cache could not answer',
    registers,
    collect() {
      this.reset();
      this.inc(cache.misses);
    },
  });
  // PGlite runs one statement at a time and shows no queue: only PostgreSQL's pool is reported.
  const raw = app.database.raw;
  if (raw.kind === 'postgres') {
    const pool = raw.pool;
    const poolGauge = (name: string, help: string, read: () => number) =>
      new client.Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read());
        },
      });
    poolGauge('partsmith_db_pool_max', 'Connections the pool may open (DATABASE_POOL_SIZE)', () =>
      Number(pool.options.max),
    );
    poolGauge('partsmith_db_pool_total', 'Connections open in the pool', () => pool.totalCount);
    poolGauge('partsmith_db_pool_idle', 'Open connections not in use', () => pool.idleCount);
    poolGauge(
      'partsmith_db_pool_waiting',
      'Queries waiting for a connection',
      () => pool.waitingCount,
    );
  }

  /** Each route's label, made once (as many as there are routes). */
  const labels = new Map<string, string>();
  const routeOf = (pattern: string | undefined) => {
    if (pattern === undefined) return UNMATCHED;
    let label = labels.get(pattern);
    if (label === undefined) labels.set(pattern, (label = routeLabel(pattern)));
    return label;
  };
  // The one piece of work per request: a callback hook (no promise), a count and an observation.
  app.addHook('onResponse', (request, reply, done) => {
    const values = {
      method: request.method,
      route: routeOf(request.routeOptions.url),
      status: String(reply.statusCode),
    };
    requests.inc(values);
    durations.observe(values, reply.elapsedTime / 1000);
    done();
  });

  const expected = digest(token);
  const authorised = (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const given = /^bearer /i.test(header) ? header.slice(7).trim() : '';
    // Compared whatever was sent, so a missing token takes the same time as a wrong one.
    return timingSafeEqual(digest(given), expected);
  };
  const refuse = (request: FastifyRequest, reply: FastifyReply) => {
    request.log.warn({ route: METRICS_PATH }, 'access denied: no valid metrics token');
    return reply
      .status(401)
      .header('www-authenticate', 'Bearer realm="metrics"')
      .send(errorBody(401, 'A valid metrics token is required.'));
  };

  // Scrapes (every few seconds) are not logged, refusals are; a quieter LOG_LEVEL still rules.
  const levels = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];
  const logLevel = levels.indexOf(app.log.level) > levels.indexOf('warn') ? app.log.level : 'warn';

  app.get(
    METRICS_PATH,
    {
      // No session: the scraper's own token is checked by the handler.
      config: { access: 'public', sessionless: true },
      logLevel: logLevel as LogLevel,
      schema: {
        tags: ['metrics'],
        summary: 'Prometheus metrics of this instance (with METRICS_TOKEN)',
        description:
          'Prometheus text format 0.0.4. Only when the shop sets METRICS_TOKEN (otherwise 404, ' +
          'like an unknown path); send `Authorization: Bearer <METRICS_TOKEN>`. Each instance ' +
          'answers for itself.',
        security: [{ metricsToken: [] }],
        response: {
          200: {
            description: 'The metrics',
            content: { 'text/plain': { schema: z.string() } },
          },
          401: ApiError,
        },
      },
    },
    async (request, reply) => {
      if (!authorised(request)) return refuse(request, reply);
      const text = await registry.metrics();
      return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
    },
  );
});
