import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * Every order query lives under ['orders'] (the purchase and payment pages invalidate that root
 * after an order is placed or paid): the list is ['orders', 'list', email].
 */
export const ordersRootKey = ['orders'] as const;
export const myOrdersQueryKey = (email: string) => [...ordersRootKey, 'list', email] as const;

/** GET /api/orders?userEmail=...: the signed-in user's own orders, newest first. */
export function getMyOrders(email: string, signal?: AbortSignal) {
  return api(`/orders?userEmail=${encodeURIComponent(email)}`, { schema: 'OrderList', signal });
}

export const myOrdersQuery = (email: string) =>
  queryOptions({
    queryKey: myOrdersQueryKey(email),
    queryFn: ({ signal }) => getMyOrders(email, signal),
  });

export function useMyOrders(email: string) {
  return useQuery(myOrdersQuery(email));
}
