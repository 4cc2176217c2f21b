import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, Cart, CartLineBody, CartLineParams, MAX_CART_LINES } from '@partsmith/contract';
import { createCartService, type CartChange, type CartOwner } from './service.ts';
import {
  visitorCartCookie,
  visitorCartIdOf,
  type VisitorCookieSettings,
} from './visitor-cookie.ts';

const VISITORS =
  "A visitor's cart is kept on the server too, named by a signed, httpOnly cookie that the first change sets (and each change renews); it joins the account's cart at sign-in or sign-up.";

/**
 * The cart, kept on the server for everybody: a signed-in customer's follows them from one
 * device to another; a visitor's is found by the id in its signed cookie, and joins the
 * account's cart at sign-in or sign-up (auth/auth.ts). Every change answers the whole cart, as
 * GET /api/cart does.
 */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const cart = createCartService(app.db);
  // Better Auth's secret: the session cookie's, read from its context (never copied).
  const cookie: VisitorCookieSettings = {
    secret: (await app.auth.$context).secret,
    secure: app.config.publicUrl.startsWith('https://'),
    maxAgeSeconds: app.config.visitorCartDays * 24 * 60 * 60,
  };

  /** Whose cart the request names: the signed-in customer's, the visitor's cookie's, or none. */
  const ownerOf = (request: FastifyRequest): CartOwner | null => {
    if (request.user) return { userId: request.user.id };
    const id = visitorCartIdOf(request.headers.cookie, cookie.secret);
    return id ? { visitorCartId: id } : null;
  };

  /** A change's cart; a visitor's cookie is set again, so it lasts as long as their cart. */
  const answer = (reply: FastifyReply, change: CartChange) => {
    if (change.visitorCartId)
      reply.header('set-cookie', visitorCartCookie(change.visitorCartId, cookie));
    return change.cart;
  };

  app.get(
    '/cart',
    {
      config: { access: 'public' },
      schema: {
        tags: ['cart'],
        summary: 'Your cart: each line with the unit price that applies, its stock and problems',
        description: `${VISITORS} Without that cookie (or with one the shop did not sign) the cart is empty.`,
        response: { 200: Cart },
      },
    },
    async (request) => cart.read(ownerOf(request)),
  );

  app.put(
    '/cart/lines/:partId',
    {
      config: { access: 'public', limit: 'cart' },
      schema: {
        tags: ['cart'],
        summary: 'Put a part in your cart, or change its quantity there',
        description: `The quantity must be within the part's minimum order and its stock. A cart holds at most ${MAX_CART_LINES} different parts. ${VISITORS}`,
        params: CartLineParams,
        body: CartLineBody,
        response: { 200: Cart, 404: ApiError, 422: ApiError },
      },
    },
    async (request, reply) =>
      answer(
        reply,
        await cart.setLine(ownerOf(request), request.params.partId, request.body.quantity),
      ),
  );

  app.delete(
    '/cart/lines/:partId',
    {
      config: { access: 'public', limit: 'cart' },
      schema: {
        tags: ['cart'],
        summary: 'Take a part out of your cart',
        description: VISITORS,
        params: CartLineParams,
        response: { 200: Cart },
      },
    },
    async (request, reply) =>
      answer(reply, await cart.removeLine(ownerOf(request), request.params.partId)),
  );
};
