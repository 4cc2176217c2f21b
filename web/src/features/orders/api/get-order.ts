import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ordersRoot } from '../../../lib/query-keys.ts';

/**
 * The payment page's key for the same answer (features/payment/api/get-order.ts): an order
 * opened here and then paid is not asked for twice. Under the orders root, which placing,
 * paying, shipping, refunding and deleting an order invalidate.
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
