import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ordersRoot } from '../../../lib/query-keys.ts';

/** Under the orders root (lib/query-keys.ts), which placing, deleting and paying an order invalidate. */
export const orderQueryKey = (id: string) => [ordersRoot, 'detail', id] as const;

/** GET /api/purchase/:id: one order, for its owner or an admin. */
export function getOrder(id: string, signal?: AbortSignal) {
  return api(`/purchase/${encodeURIComponent(id)}`, { schema: 'Order', signal });
}

export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: orderQueryKey(id),
    queryFn: ({ signal }) => getOrder(id, signal),
  });

export function useOrder(id: string) {
  return useQuery(orderQuery(id));
}
