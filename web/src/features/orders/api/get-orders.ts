import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ordersRoot } from '../../../lib/query-keys.ts';

/** Under the orders root (lib/query-keys.ts), which placing, paying, shipping and deleting an order invalidate. */
export const myOrdersQueryKey = (email: string) => [ordersRoot, 'list', email] as const;

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
