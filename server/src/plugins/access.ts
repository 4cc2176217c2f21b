import type { FastifyInstance, RouteOptions } from 'fastify';
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

  // Before validation, so an anonymous caller learns nothing about a route's body rules.
  app.addHook('preValidation', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    if (!request.user) {
      request.log.info({ access, route: request.routeOptions.url }, 'access denied: not signed in');
      return reply.status(401).send(errorBody(401, 'Please sign in to continue.'));
    }
    if (access === 'admin' && request.user.role !== 'admin') {
      request.log.warn(
        { access, route: request.routeOptions.url, user: request.user.id },
        'access denied: not an admin',
      );
      return reply.status(403).send(errorBody(403, 'Only an administrator may do that.'));
    }
    if (access === 'verified' && !request.user.emailVerified && request.user.role !== 'admin') {
      request.log.info(
        { access, route: request.routeOptions.url, user: request.user.id },
        'access denied: e-mail address not confirmed',
      );
      return reply.status(403).send(errorBody(403, EMAIL_NOT_CONFIRMED_MESSAGE));
    }
  });
});
