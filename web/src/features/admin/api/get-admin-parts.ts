import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { PART_PAGE_DEFAULT, type Part } from '@partsmith/contract';
import { fetchPartsPage } from '../../../lib/get-parts-page.ts';
import type { Page } from './paging.ts';
import { partsRoot } from '../../../lib/query-keys.ts';

/** Under the parts root with the home page's list: invalidating the root refreshes both. */
export const adminPartsQueryKey = [partsRoot, 'admin'] as const;

/** One keyset page of the catalogue, as the admin's paged lists hold it. */
export async function getAdminPartsPage(
  cursor?: string,
  signal?: AbortSignal,
): Promise<Page<Part>> {
  const { parts, ...page } = await fetchPartsPage({ limit: PART_PAGE_DEFAULT, cursor }, signal);
  return { items: parts, ...page };
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
