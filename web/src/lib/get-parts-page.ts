import type { Part } from '@partsmith/contract';
import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from '@partsmith/contract/constants';
import { apiRequest } from './api-client.ts';

/** One keyset page of the catalogue (docs/decisions/004-keyset-pagination.md). */
export interface PartsPage {
  parts: Part[];
  /** X-Total-Count: how many parts the whole list has. */
  total: number;
  /** X-Next-Cursor: the cursor of the next page, null on the last one. */
  nextCursor: string | null;
}

/**
 * GET /api/allParts?limit=&cursor=&q=: the home page's list and the admin's. The answer is
 * checked against the contract off the main thread (src/lib/answer-check.ts).
 */
export async function fetchPartsPage(
  params: { cursor?: string; limit?: number; q?: string } = {},
  signal?: AbortSignal,
): Promise<PartsPage> {
  const search = new URLSearchParams();
  if (params.limit) search.set('limit', String(params.limit));
  if (params.cursor) search.set('cursor', params.cursor);
  if (params.q) search.set('q', params.q);
  const qs = search.toString();
  const { data, headers } = await apiRequest(`/allParts${qs ? `?${qs}` : ''}`, {
    schema: 'PartList',
    signal,
  });
  const total = Number(headers.get(TOTAL_COUNT_HEADER));
  return {
    parts: data,
    total: Number.isFinite(total) && headers.has(TOTAL_COUNT_HEADER) ? total : data.length,
    nextCursor: headers.get(NEXT_CURSOR_HEADER) || null,
  };
}
