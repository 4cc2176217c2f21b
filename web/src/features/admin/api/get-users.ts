import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { UserList, type UserSummary } from '@partsmith/contract';
import { ADMIN_PAGE_SIZE, fetchPage, type Page } from './paging.ts';
import { usersRoot } from '../../../lib/query-keys.ts';

export const usersQueryKey = [usersRoot] as const;

/** GET /api/users?limit=&cursor=: one page of the accounts (admin only). */
export function getUsersPage(cursor?: string, signal?: AbortSignal): Promise<Page<UserSummary>> {
  return fetchPage('/users', UserList, { limit: ADMIN_PAGE_SIZE, cursor }, signal);
}

export const usersQuery = () =>
  infiniteQueryOptions({
    queryKey: usersQueryKey,
    queryFn: ({ pageParam, signal }) => getUsersPage(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useUsers() {
  return useInfiniteQuery(usersQuery());
}
