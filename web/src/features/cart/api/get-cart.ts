import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { cartRoot } from '../../../lib/query-keys.ts';

/** The signed-in buyer's cart. Not a public root: signing in or out forgets it. */
export const cartQueryKey = [cartRoot] as const;

/**
 * GET /api/cart: the signed-in buyer's cart, each line priced as it stands now. Checked off the
 * main thread (the top bar asks for it on every page).
 */
export function getCart(signal?: AbortSignal) {
  return api('/cart', { schema: 'Cart', signal });
}

export const cartQuery = () =>
  queryOptions({ queryKey: cartQueryKey, queryFn: ({ signal }) => getCart(signal) });

/** The server's cart; asks nothing while `enabled` is false (a visitor). */
export function useCart(enabled: boolean) {
  return useQuery({ ...cartQuery(), enabled });
}
