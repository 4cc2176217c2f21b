import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { OrderList, type Order } from '@partsmith/contract';
import { ADMIN_PAGE_SIZE, fetchPage, type Page } from './paging.ts';

/**
 * Every order query lives under ['orders'] (the purchase and payment pages invalidate that root
 * after an order is placed or paid), so the admin's list is refreshed by them too.
 */
export const ordersRootKey = ['orders'] as const;
export const allOrdersQueryKey = [...ordersRootKey, 'all'] as const;

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
