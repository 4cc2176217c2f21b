import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { PART_PAGE_DEFAULT, PartList, type Part } from '@partsmith/contract';
import { fetchPage, type Page } from './paging.ts';
import { partsRoot } from '../../../lib/query-keys.ts';

/** Under the parts root with the home page's list: invalidating the root refreshes both. */
export const adminPartsQueryKey = [partsRoot, 'admin'] as const;

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
