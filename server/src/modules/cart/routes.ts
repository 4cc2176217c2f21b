import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, Cart, CartLineBody, CartLineParams, MAX_CART_LINES } from '@partsmith/contract';
import { createCartService } from './service.ts';

/**
 * A signed-in customer's cart, kept on the server so that it follows them from one device to
 * another (a visitor's cart lives in the browser and joins this one at sign-in). Every change
 * answers the whole cart, as GET /api/cart does.
 */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const cart = createCartService(app.db);

  app.get(
    '/cart',
    {
      // A visitor's cart lives in the browser: the server's is empty for them. Answered, not
      // refused, so the top bar's count asked as a session ends is no error.
      config: { access: 'public' },
      schema: {
        tags: ['cart'],
        summary: 'Your cart: each line with the unit price that applies, its stock and problems',
        description: 'Empty for a visitor, whose cart is kept by the browser.',
        response: { 200: Cart },
      },
    },
    async (request) => cart.read(request.user?.id),
  );

  app.put(
    '/cart/lines/:partId',
    {
      config: { access: 'user', limit: 'cart' },
      schema: {
        tags: ['cart'],
        summary: 'Put a part in your cart, or change its quantity there',
        description: `The quantity must be within the part's minimum order and its stock. A cart holds at most ${MAX_CART_LINES} different parts.`,
        params: CartLineParams,
        body: CartLineBody,
        response: { 200: Cart, 404: ApiError, 422: ApiError },
      },
    },
    async (request) => cart.setLine(request.user!.id, request.params.partId, request.body.quantity),
  );

  app.delete(
    '/cart/lines/:partId',
    {
      config: { access: 'user', limit: 'cart' },
      schema: {
        tags: ['cart'],
        summary: 'Take a part out of your cart',
        params: CartLineParams,
        response: { 200: Cart },
      },
    },
    async (request) => cart.removeLine(request.user!.id, request.params.partId),
  );
};
