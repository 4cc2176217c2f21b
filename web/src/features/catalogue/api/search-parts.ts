import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { searchRoot } from '../../../lib/query-keys.ts';

/**
 * GET /api/parts/search with the page's search params as they stand in its URL (`q`, `category`,
 * `f.<key>`, `minPrice`, `maxPrice`, `inStock`, `sort`), a keyset page at a time.
 */
export function searchParts(params: URLSearchParams, cursor: string | null, signal?: AbortSignal) {
  const query = new URLSearchParams(params);
  if (cursor) query.set('cursor', cursor);
  return api(`/parts/search?${query}`, { schema: 'SearchAnswer', signal });
}

/** The search's pages; its key is the search as the URL says it, in a stable order. */
export const searchQuery = (params: URLSearchParams) => {
  const sorted = new URLSearchParams(params);
  sorted.sort();
  return infiniteQueryOptions({
    queryKey: [searchRoot, sorted.toString()],
    queryFn: ({ pageParam, signal }) => searchParts(sorted, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
};

export function useSearchParts(params: URLSearchParams) {
  return useInfiniteQuery({ ...searchQuery(params), placeholderData: (previous) => previous });
}
