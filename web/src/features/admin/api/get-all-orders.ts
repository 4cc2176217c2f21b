import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { OrderList, type Order } from '@partsmith/contract';
import { ADMIN_PAGE_SIZE, fetchPage, type Page } from './paging.ts';
import { ordersRoot } from '../../../lib/query-keys.ts';

/** Under the orders root (lib/query-keys.ts), which placing, paying, shipping and deleting an order invalidate. */
export const allOrdersQueryKey = [ordersRoot, 'all'] as const;

/** GET /api/allPurchases?limit=&cursor=: one page of every order, newest first (admin only). */
export function getAllOrdersPage(cursor?: string, signal?: AbortSignal): Promise<Page<Order>> {
  return fetchPage('/allPurchases', OrderList, { limit: ADMIN_PAGE_SIZE, cursor }, signal);
}

export const allOrdersQuery = () =>
  infiniteQueryOptions({
    queryKey: allOrdersQueryKey,
    queryFn: ({ pageParam, signal }) => getAllOrdersPage(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useAllOrders() {
  return useInfiniteQuery(allOrdersQuery());
}
