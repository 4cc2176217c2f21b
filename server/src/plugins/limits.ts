import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-errors.ts';
import type { RateLimitName } from '../lib/rate-limit-rules.ts';
import { createWindowCounter, type WindowCounter } from '../lib/window-counter.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The limit this route's calls count against (see lib/rate-limit-rules.ts). */
    limit?: RateLimitName;
  }
  interface FastifyInstance {
    /** The shared fixed-window counters (Redis when REDIS_URL is set, else the database). */
    counter: WindowCounter;
    /** Counts one call against a named limit for `subject`; throws a 429 once it is used up. */
    takeLimit(name: RateLimitName, subject: string): Promise<void>;
  }
}

/** What each limit's 429 says the caller did too often. */
const TOO_MANY: Record<RateLimitName, string> = {
  cart: 'You have changed your cart many times in a short time.',
  contact: 'You have sent several messages in a short time.',
  newsletter: 'There were several newsletter sign-ups from your connection in a short time.',
  purchase: 'You have placed many orders in a short time.',
  quote: 'You have asked for several quotes in a short time.',
  review: 'You have posted several reviews in a short time.',
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

/**
 * Limits on the shop's free writes: a route names its limit in `config.limit`, and each call
 * that reaches its handler (signed in where it must be, its input valid) is counted per client
 * address or per account. Past the limit the answer is 429 with Retry-After and a message the
 * pages show as it is.
 */
export const limits = fp(async function limits(app: FastifyInstance) {
  const counter = createWindowCounter(app.db, app.redis);
  const rules = app.config.rateLimits;
  app.decorate('counter', counter);

  async function takeLimit(name: RateLimitName, subject: string) {
    const rule = rules[name];
    const { count, secondsLeft } = await counter.hit(
      `limit:${name}:${subject}`,
      rule.windowSeconds,
    );
    if (count <= rule.max) return;
    throw new HttpError(429, `${TOO_MANY[name]} Please try again in ${waitText(secondsLeft)}.`, {
      'retry-after': String(secondsLeft),
    });
  }
  app.decorate('takeLimit', takeLimit);

  const subjectOf = (request: FastifyRequest, name: RateLimitName) =>
    rules[name].per === 'user' && request.user ? `user:${request.user.id}` : `ip:${request.ip}`;

  app.addHook('preHandler', async (request) => {
    const name = request.routeOptions.config.limit;
    if (!name) return;
    await takeLimit(name, subjectOf(request, name));
  });
});
