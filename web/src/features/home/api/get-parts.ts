import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { fetchPartsPage } from '../../../lib/get-parts-page.ts';
import { partsRoot } from '../../../lib/query-keys.ts';

/** The parts list's cache key; admin lists of parts share it, so one invalidation refreshes all. */
export const partsQueryKey = [partsRoot] as const;

export function partsInfiniteQuery(q?: string) {
  return infiniteQueryOptions({
    queryKey: [...partsQueryKey, { q: q ?? '' }],
    queryFn: ({ pageParam, signal }) => fetchPartsPage({ cursor: pageParam, q }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useParts(q?: string) {
  return useInfiniteQuery(partsInfiniteQuery(q));
}
