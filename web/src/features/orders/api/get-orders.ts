import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ordersRoot } from '../../../lib/query-keys.ts';

/**
 * Under the orders root (lib/query-keys.ts), which placing, paying, shipping and deleting an order
 * invalidate. A search (`q`) has a key of its own beside the whole list's.
 */
export const myOrdersQueryKey = (email: string, q = '') =>
  q ? ([ordersRoot, 'list', email, q] as const) : ([ordersRoot, 'list', email] as const);

/**
 * GET /api/orders?userEmail=...&q=...: the signed-in user's own orders, newest first; with `q`,
 * those whose number, part names or part numbers hold every word of it.
 */
export function getMyOrders(email: string, q = '', signal?: AbortSignal) {
  const search = q ? `&q=${encodeURIComponent(q)}` : '';
  return api(`/orders?userEmail=${encodeURIComponent(email)}${search}`, {
    schema: 'OrderList',
    signal,
  });
}

export const myOrdersQuery = (email: string, q = '') =>
  queryOptions({
    queryKey: myOrdersQueryKey(email, q),
    queryFn: ({ signal }) => getMyOrders(email, q, signal),
  });

export function useMyOrders(email: string) {
  return useQuery(myOrdersQuery(email));
}

/**
 * The orders a search finds; nothing is asked while `q` is empty. While the next search's answer
 * is on its way, the last one stays shown.
 */
export function useSearchedOrders(email: string, q: string) {
  return useQuery({
    ...myOrdersQuery(email, q),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
}
