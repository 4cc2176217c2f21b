import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AuthProviders, Role, UpdateUserBody } from '@partsmith/contract';
import { errorBody } from '../plugins/error-handler.ts';
import type { SessionUser } from '../plugins/access.ts';
import { createAuth, CLIENT_IP_HEADER, COOKIE_PREFIX, type Auth } from './auth.ts';
import { createSignInLimiter } from './sign-in-limiter.ts';
import { AUTH_UNAVAILABLE_MESSAGE, redisOutage } from './redis-rate-limit.ts';
import { RedisUnavailableError } from '../lib/redis.ts';
import { loadAuthSecret } from './secret.ts';
import type { RateLimitName } from '../lib/rate-limit-rules.ts';
import { createSessionLookup, signSessionToken } from './session-lookup.ts';
import { checkTypedName } from './user-names.ts';

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    /**
     * The signed-in user of a live session cookie or Bearer token, by the one-query lookup only
     * (null when Better Auth would have to refresh or clear something): for a page's hints,
     * never for access.
     */
    sessionUser(request: FastifyRequest): Promise<SessionUser | null>;
    /** The request's session as a client sends it (`Authorization: Bearer <it>`): signed. */
    bearerToken(request: FastifyRequest): string | null;
  }
  interface FastifyRequest {
    /** The current session's token as the database holds it (bare), when signed in. */
    sessionToken: string | null;
  }
}

/** Node's request headers as Fetch headers, with the client address set from the socket. */
function toFetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key === CLIENT_IP_HEADER) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, String(value));
  }
  // request.ip honours TRUST_PROXY; a forged X-Forwarded-For from a client counts for nothing.
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

function copyHeaders(from: Headers, reply: FastifyReply) {
  from.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  });
  const cookies = from.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

/** Better Auth's endpoints that mail a link to the address in their body, and their limit. */
const MAIL_LIMITS: Record<string, RateLimitName | undefined> = {
  '/api/auth/send-verification-email': 'verification-mail',
  '/api/auth/request-password-reset': 'reset-mail',
};

const SESSION_COOKIE = new RegExp(`(^|;\\s*)(__Secure-)?${COOKIE_PREFIX}\\.session_token=`);

/**
 * Mounts Better Auth at /api/auth/*, answers its errors in the shop's one error shape, and
 * resolves the caller's session (cookie or Bearer token) into request.user for every other API
 * route before access is checked.
 */
export const authPlugin = fp(async function authPlugin(app: FastifyInstance) {
  const secret = loadAuthSecret(app.config.authSecret, app.config.dataDir);
  const limiter = createSignInLimiter(app.limitStore);
  const auth = createAuth({
    config: app.config,
    db: app.db,
    mailer: app.mailer,
    secret,
    log: app.log,
    redis: app.redis,
    onPasswordReset: (email) => limiter.reset(email),
  });
  const unavailable = (reply: FastifyReply) =>
    reply.status(503).header('retry-after', '5').send(errorBody(503, AUTH_UNAVAILABLE_MESSAGE));
  app.decorate('auth', auth);
  app.decorateRequest('sessionToken', null);
  const context = await auth.$context;
  const lookupSession = createSessionLookup(app.db, {
    secret: context.secret,
    sessionCookie: context.authCookies.sessionToken.name,
    sessionDataCookie: context.authCookies.sessionData.name,
    expiresInSeconds: context.sessionConfig.expiresIn,
    updateAgeSeconds: context.sessionConfig.updateAge,
  });

  /** A live session in one query, when the request carries a session cookie or token. */
  async function quickLookup(request: FastifyRequest) {
    const cookie = request.headers.cookie;
    const bearer = request.headers.authorization?.startsWith('Bearer ');
    if (!bearer && !(cookie && SESSION_COOKIE.test(cookie))) return undefined;
    const found = await lookupSession({ authorization: request.headers.authorization, cookie });
    if (!found) return null;
    const role = Role.safeParse(found.user.role);
    const user: SessionUser = { ...found.user, role: role.success ? role.data : 'customer' };
    return { user, token: found.token };
  }
  app.decorate('sessionUser', async (request: FastifyRequest) => {
    return (await quickLookup(request))?.user ?? null;
  });
  // Signed when asked for only: most requests never need it (decision 037).
  app.decorate('bearerToken', (request: FastifyRequest) =>
    request.sessionToken ? signSessionToken(request.sessionToken, context.secret) : null,
  );

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/auth/')) return;
    if (request.routeOptions.config.sessionless) return;
    // A live session in one query; anything out of the ordinary goes through Better Auth.
    const found = await quickLookup(request);
    if (found === undefined) return;
    if (found) {
      request.user = found.user;
      request.sessionToken = found.token;
      return;
    }
    const { headers, response } = await auth.api.getSession({
      headers: toFetchHeaders(request),
      returnHeaders: true,
    });
    // A refreshed session cookie goes back to the browser.
    const cookies = headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    if (!response) return;
    const role = Role.safeParse((response.user as { role?: unknown }).role);
    request.user = {
      id: response.user.id,
      email: response.user.email,
      name: response.user.name,
      role: role.success ? role.data : 'customer',
      emailVerified: response.user.emailVerified,
    };
    request.sessionToken = response.session.token;
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    config: { access: 'public' },
    schema: { hide: true },
    async handler(request, reply) {
      try {
        return await handleAuth(request, reply);
      } catch (error) {
        // Fail closed: without the shared counters, no sign-in goes through uncounted.
        if (!(error instanceof RedisUnavailableError)) throw error;
        request.log.error(
          { err: { message: error.message } },
          'auth request refused: Redis is unreachable',
        );
        return unavailable(reply);
      }
    },
  });

  async function handleAuth(request: FastifyRequest, reply: FastifyReply) {
    const url = new URL(request.url, app.config.publicUrl);
    const post = request.method === 'POST';
    const signIn = post && url.pathname === '/api/auth/sign-in/email';
    const mailLimit = post ? MAIL_LIMITS[url.pathname] : undefined;
    const email =
      signIn || mailLimit
        ? String((request.body as { email?: unknown } | undefined)?.email ?? '')
            .trim()
            .toLowerCase()
        : '';
    // Counted before the password is checked, atomically, on every instance: of any number of
    // simultaneous guesses for one account, only the first three reach the password check.
    if (signIn && email) {
      const attempt = await limiter.take(email);
      if (!attempt.allowed) {
        request.log.warn(
          { route: 'sign-in' },
          'sign-in refused: too many failed attempts for this account',
        );
        return reply
          .status(429)
          .header('retry-after', String(attempt.retryAfter))
          .send(errorBody(429, 'Too many attempts. Please wait a moment and try again.'));
      }
    }
    // Confirmation and reset links are mailed a few times per address, whoever asks.
    if (mailLimit && email) await app.takeLimit(mailLimit, `email:${email}`);

    // The contract's name rules before Better Auth hashes the password (its user hook, the
    // backstop, would refuse the name too, but only after that work).
    if (post && url.pathname === '/api/auth/sign-up/email') {
      const name = checkTypedName((request.body as { name?: unknown } | undefined)?.name);
      if (!name.ok) return reply.status(400).send(errorBody(400, name.message));
    }
    // Better Auth passes a null or non-text name straight to the database (a 500): refuse it.
    if (request.method === 'POST' && url.pathname === '/api/auth/update-user') {
      const checked = UpdateUserBody.safeParse(request.body ?? {});
      if (!checked.success) {
        return reply
          .status(400)
          .send(errorBody(400, checked.error.issues[0]?.message ?? 'The request is not valid'));
      }
    }

    const outage = { failed: false };
    const response = await redisOutage.run(outage, () =>
      auth.handler(
        new Request(url, {
          method: request.method,
          headers: toFetchHeaders(request),
          body:
            request.method === 'POST' && request.body !== undefined
              ? JSON.stringify(request.body)
              : undefined,
        }),
      ),
    );
    if (outage.failed) throw new RedisUnavailableError('the rate-limit counter failed');

    if (signIn && email) {
      // A wrong password keeps its count; success clears the account's failures; any other
      // answer (a malformed body, the address's own rate limit) was no guess and gives it back.
      if (response.ok) await limiter.reset(email);
      else if (response.status !== 401) await limiter.release(email);
    }

    reply.status(response.status);
    copyHeaders(response.headers, reply);
    const text = await response.text();
    if (response.status === 401 || response.status === 403) {
      // The endpoint's name only: a reset link carries its token in the path.
      const endpoint = url.pathname.split('/').slice(0, 4).join('/');
      request.log.warn(
        { endpoint, status: response.status },
        signIn ? 'sign-in refused: wrong e-mail or password' : 'access denied by the auth service',
      );
    }
    if (response.status >= 400) {
      let message = 'The request could not be completed.';
      try {
        const body = JSON.parse(text) as { message?: unknown };
        if (typeof body.message === 'string' && body.message) message = body.message;
      } catch {
        // not JSON: keep the generic message
      }
      if (response.status === 429)
        message = 'Too many attempts. Please wait a moment and try again.';
      if (response.status >= 500) {
        request.log.error({ status: response.status }, 'auth request failed');
        message = 'Something went wrong on our side. Please try again.';
      }
      return reply
        .type('application/json; charset=utf-8')
        .send(errorBody(response.status, message));
    }
    return reply.send(text);
  }

  app.get(
    '/api/auth-providers',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Which social sign-ins this shop has keys for',
        response: { 200: AuthProviders },
      },
    },
    async () => ({
      google: Boolean(app.config.social.google),
      github: Boolean(app.config.social.github),
      facebook: Boolean(app.config.social.facebook),
    }),
  );
});
