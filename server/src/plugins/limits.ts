import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-errors.ts';
import type { RateLimitName } from '../lib/rate-limit-rules.ts';
import { WindowStore, windowBackend } from '../lib/rate-limit-store.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The limit this route's calls count against (see lib/rate-limit-rules.ts). */
    limit?: RateLimitName;
  }
  interface FastifyInstance {
    /** The rate-limit store (Redis when REDIS_URL is set, else the database), for other counts. */
    limitStore: WindowStore;
    /** Counts one call against a named limit for `subject`; throws a 429 once it is used up. */
    takeLimit(name: RateLimitName, subject: string): Promise<void>;
  }
}

/** What each limit's 429 says the caller did too often. */
const TOO_MANY: Record<RateLimitName, string> = {
  cart: 'You have changed your cart many times in a short time.',
  contact: 'You have sent several messages in a short time.',
  newsletter: 'There were several newsletter sign-ups from your connection in a short time.',
  'order-message': 'You have sent several messages about your orders in a short time.',
  purchase: 'You have placed many orders in a short time.',
  quote: 'You have asked for several quotes in a short time.',
  review: 'You have posted several reviews in a short time.',
  'stock-alert': 'There were many stock alert requests from your connection in a short time.',
  upload: 'You have uploaded many images in a short time.',
  'verification-mail': 'We have sent several confirmation links to this address already.',
  'reset-mail': 'We have sent several password reset links to this address already.',
};

/** "3 minutes", "40 seconds", "2 hours": how long a person has to wait. */
export function waitText(seconds: number): string {
  const [n, unit] =
    seconds >= 5400
      ? [Math.ceil(seconds / 3600), 'hour']
      : seconds >= 90
        ? [Math.ceil(seconds / 60), 'minute']
        : [seconds, 'second'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** The 429 of a used-up limit: the pages show its message as it is. */
function tooMany(name: RateLimitName, secondsLeft: number) {
  return new HttpError(429, `${TOO_MANY[name]} Please try again in ${waitText(secondsLeft)}.`, {
    'retry-after': String(secondsLeft),
  });
}

const limitKey = (name: RateLimitName, subject: string) => `limit:${name}:${subject}`;

/** @fastify/rate-limit's own headers are left out: the shop's answers carry Retry-After only. */
const NO_HEADERS = {
  'x-ratelimit-limit': false,
  'x-ratelimit-remaining': false,
  'x-ratelimit-reset': false,
} as const;

/**
 * Limits on the shop's free writes, through @fastify/rate-limit: a route names its limit in
 * `config.limit`, and each call that reaches its handler (signed in where it must be, its input
 * valid: the preHandler hook) is counted per client address or per account in the shop's
 * fixed-window store. Past the limit the answer is 429 with Retry-After and a message the pages
 * show as it is.
 */
export const limits = fp(async function limits(app: FastifyInstance) {
  const backend = windowBackend(app.db, app.redis);
  const store = new WindowStore(backend);
  const rules = app.config.rateLimits;
  app.decorate('limitStore', store);

  // Thin, for counts whose subject is not the request's (an e-mail address in the body).
  app.decorate('takeLimit', async (name: RateLimitName, subject: string) => {
    const rule = rules[name];
    const { count, secondsLeft } = await store.hit(limitKey(name, subject), rule.windowSeconds);
    if (count > rule.max) throw tooMany(name, secondsLeft);
  });

  const subjectOf = (request: FastifyRequest, name: RateLimitName) =>
    rules[name].per === 'user' && request.user ? `user:${request.user.id}` : `ip:${request.ip}`;

  const routeLimits = new Map<RateLimitName, RateLimitOptions>();
  const routeLimit = (name: RateLimitName): RateLimitOptions => {
    let options = routeLimits.get(name);
    if (!options) {
      options = {
        max: rules[name].max,
        timeWindow: rules[name].windowSeconds * 1000,
        keyGenerator: (request) => limitKey(name, subjectOf(request, name)),
        errorResponseBuilder: (_request, context) =>
          tooMany(name, Math.max(1, Math.ceil(context.ttl / 1000))),
      };
      routeLimits.set(name, options);
    }
    return options;
  };
  // Before the plugin's own onRoute hook, which reads `config.rateLimit`.
  app.addHook('onRoute', (route) => {
    const name = route.config?.limit;
    if (name) route.config = { ...route.config, rateLimit: routeLimit(name) };
  });
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    // The plugin makes its own instance; it counts in the same backend as `limitStore`.
    store: class extends WindowStore {
      constructor() {
        super(backend);
      }
    },
    addHeaders: { ...NO_HEADERS, 'retry-after': true },
    addHeadersOnExceeding: NO_HEADERS,
  });
});
