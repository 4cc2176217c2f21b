import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { OrderList, type Order } from '@partsmith/contract';
import { ADMIN_PAGE_SIZE, fetchPage, type Page } from './paging.ts';
import { ordersRoot } from '../../../lib/query-keys.ts';

/**
 * Under the orders root (lib/query-keys.ts), which placing, paying, shipping and deleting an order
 * invalidate. A search's pages sit under this key too (a change patches them alike).
 */
export const allOrdersQueryKey = [ordersRoot, 'all'] as const;
const searchKey = (q: string) => (q ? ([...allOrdersQueryKey, q] as const) : allOrdersQueryKey);

/**
 * GET /api/allPurchases?limit=&cursor=&q=: one page of every order, newest first (admin only);
 * with `q`, of the orders whose number, part names or part numbers hold every word of it.
 */
export function getAllOrdersPage(
  cursor?: string,
  signal?: AbortSignal,
  q = '',
): Promise<Page<Order>> {
  return fetchPage('/allPurchases', OrderList, { limit: ADMIN_PAGE_SIZE, cursor, q }, signal);
}

export const allOrdersQuery = (q = '') =>
  infiniteQueryOptions({
    queryKey: searchKey(q),
    queryFn: ({ pageParam, signal }) => getAllOrdersPage(pageParam, signal, q),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useAllOrders() {
  return useInfiniteQuery(allOrdersQuery());
}

/**
 * The orders a search finds, a page at a time; nothing is asked while `q` is empty. While the
 * next search's answer is on its way, the last one stays shown.
 */
export function useSearchedAllOrders(q: string) {
  return useInfiniteQuery({
    ...allOrdersQuery(q),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
}
