import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { EMAIL_NOT_CONFIRMED_MESSAGE } from '@partsmith/contract';
import { errorBody } from './error-handler.ts';

/**
 * Who may call a route. Every /api route declares one in `config.access`. `verified`: a
 * signed-in account whose e-mail address is confirmed (or an admin), for what costs the shop or
 * others something: orders, payments, reviews, uploads.
 */
export type Access = 'public' | 'user' | 'verified' | 'admin';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: 'admin' | 'customer';
  emailVerified: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * The route reads no session: its `Authorization` header is its own (the metrics token), so
     * the auth plugin does not look it up as a session.
     */
    sessionless?: true;
    /**
     * The route takes a large body (a file): its access rule is checked as soon as the request
     * arrives (onRequest), so a caller it refuses never has the body read (issue 43).
     */
    largeBody?: true;
  }
  interface FastifyInstance {
    /** Every /api route as registered, for the access-matrix tests. */
    apiRoutes: readonly RouteOptions[];
  }
  interface FastifyRequest {
    /** The signed-in user, set by the auth plugin; null for an anonymous caller. */
    user: SessionUser | null;
  }
}

/**
 * Access is declared, not remembered: a route under /api without `config.access` stops the app
 * at start-up, and every request is checked against its route's declaration before the handler.
 */
export const accessControl = fp(async function accessControl(app: FastifyInstance) {
  const apiRoutes: RouteOptions[] = [];
  app.decorateRequest('user', null);
  app.decorate('apiRoutes', apiRoutes);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') || route.url === '/api') apiRoutes.push(route);
  });

  app.addHook('onReady', async () => {
    const undeclared = apiRoutes
      .filter((r) => !r.config?.access)
      .map((r) => `${String(r.method)} ${r.url}`);
    if (undeclared.length > 0) {
      throw new Error(`These API routes declare no access rule: ${undeclared.join(', ')}`);
    }
  });

  /** Why `request` may not call its route (an answer to send), or null when it may. */
  function refusal(request: FastifyRequest): { status: 401 | 403; message: string } | null {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return null;
    const route = request.routeOptions.url;
    if (!request.user) {
      request.log.info({ access, route }, 'access denied: not signed in');
      return { status: 401, message: 'Please sign in to continue.' };
    }
    if (access === 'admin' && request.user.role !== 'admin') {
      request.log.warn({ access, route, user: request.user.id }, 'access denied: not an admin');
      return { status: 403, message: 'Only an administrator may do that.' };
    }
    if (access === 'verified' && !request.user.emailVerified && request.user.role !== 'admin') {
      request.log.info(
        { access, route, user: request.user.id },
        'access denied: e-mail address not confirmed',
      );
      return { status: 403, message: EMAIL_NOT_CONFIRMED_MESSAGE };
    }
    return null;
  }

  // A large body's route checks first thing: a route's own onRequest hooks run after the app's
  // (the session is known by then), and this one goes before the route's others.
  app.addHook('onRoute', (route) => {
    if (!route.config?.largeBody) return;
    const own = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [
      async (request: FastifyRequest, reply: FastifyReply) => {
        const refused = refusal(request);
        if (!refused) return;
        // The upload is not read: the connection closes after the answer instead of taking in
        // the rest of the body to reuse it.
        return reply
          .header('connection', 'close')
          .status(refused.status)
          .send(errorBody(refused.status, refused.message));
      },
      ...own,
    ] as RouteOptions['onRequest'];
  });

  // Before validation, so an anonymous caller learns nothing about a route's body rules.
  app.addHook('preValidation', async (request, reply) => {
    const refused = refusal(request);
    if (refused)
      return reply.status(refused.status).send(errorBody(refused.status, refused.message));
  });
});
