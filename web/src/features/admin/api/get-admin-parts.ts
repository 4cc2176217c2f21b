import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { PART_PAGE_DEFAULT, PartList, type Part } from '@partsmith/contract';
import { fetchPage, type Page } from './paging.ts';

/**
 * The home page's parts list is cached under ['allParts']. The admin's pages live under the
 * same root, so invalidating ['allParts'] refreshes the home listing and this one together.
 */
export const allPartsRootKey = ['allParts'] as const;
export const adminPartsQueryKey = [...allPartsRootKey, 'admin'] as const;

/** GET /api/allParts?limit=&cursor=: one keyset page of the catalogue. */
export function getAdminPartsPage(cursor?: string, signal?: AbortSignal): Promise<Page<Part>> {
  return fetchPage('/allParts', PartList, { limit: PART_PAGE_DEFAULT, cursor }, signal);
}

export const adminPartsQuery = () =>
  infiniteQueryOptions({
    queryKey: adminPartsQueryKey,
    queryFn: ({ pageParam, signal }) => getAdminPartsPage(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useAdminParts() {
  return useInfiniteQuery(adminPartsQuery());
}
