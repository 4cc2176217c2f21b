import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Part } from '@partsmith/contract';
import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from '@partsmith/contract/constants';
import { apiRequest } from '../../../lib/api-client.ts';
import { partsRoot } from '../../../lib/query-keys.ts';

export interface PartsPage {
  parts: Part[];
  total: number;
  nextCursor: string | null;
}

export async function fetchPartsPage(
  params: { cursor?: string; limit?: number; q?: string } = {},
  signal?: AbortSignal,
): Promise<PartsPage> {
  const search = new URLSearchParams();
  if (params.limit) search.set('limit', String(params.limit));
  if (params.cursor) search.set('cursor', params.cursor);
  if (params.q) search.set('q', params.q);
  const qs = search.toString();
  // Checked against the contract off the main thread (src/lib/answer-check.ts).
  const { data, headers } = await apiRequest(`/allParts${qs ? `?${qs}` : ''}`, {
    schema: 'PartList',
    signal,
  });
  return {
    parts: data,
    total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length),
    nextCursor: headers.get(NEXT_CURSOR_HEADER),
  };
}

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
