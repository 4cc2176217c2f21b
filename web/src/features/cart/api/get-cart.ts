import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { cartRoot } from '../../../lib/query-keys.ts';

/** The buyer's cart. Not a public root: signing in or out forgets it. */
export const cartQueryKey = [cartRoot] as const;

/**
 * GET /api/cart: the buyer's cart, each line priced as it stands now: a signed-in customer's, or
 * a visitor's (the server finds it by its cookie; empty without one). Checked off the main
 * thread (the top bar asks for it on every page).
 */
export function getCart(signal?: AbortSignal) {
  return api('/cart', { schema: 'Cart', signal });
}

export const cartQuery = () =>
  queryOptions({ queryKey: cartQueryKey, queryFn: ({ signal }) => getCart(signal) });

/** The cart; asks nothing while `enabled` is false (the session is not known yet). */
export function useCart(enabled = true) {
  return useQuery({ ...cartQuery(), enabled });
}
