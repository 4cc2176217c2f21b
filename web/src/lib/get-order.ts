import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { ordersRoot } from './query-keys.ts';

/**
 * One order, for its page and its payment page: an order opened on one and then paid is not
 * asked for twice. Under the orders root, which placing, paying, shipping, refunding and
 * deleting an order invalidate.
 */
export const orderQueryKey = (id: string) => [ordersRoot, 'detail', id] as const;

/** GET /api/purchase/:id: one order with its lines and dates, for its owner or an admin. */
export function getOrder(id: string, signal?: AbortSignal) {
  return api(`/purchase/${encodeURIComponent(id)}`, { schema: 'Order', signal });
}

export const orderQuery = (id: string) =>
  queryOptions({ queryKey: orderQueryKey(id), queryFn: ({ signal }) => getOrder(id, signal) });

export function useOrder(id: string) {
  return useQuery(orderQuery(id));
}
