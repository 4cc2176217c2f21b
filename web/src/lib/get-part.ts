import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { partRoot } from './query-keys.ts';

/**
 * One key for one part wherever it shows (its page, its purchase page, a cart line, a quote's
 * first line): a part seen on one is not asked for again on another.
 */
export const partQueryKey = (id: string) => [partRoot, id] as const;

/** GET /api/part/:id: one part of the catalogue with its category and attributes (404 when gone). */
export function getPart(id: string, signal?: AbortSignal) {
  return api(`/part/${encodeURIComponent(id)}`, { schema: 'CataloguePart', signal });
}

export const partQuery = (id: string) =>
  queryOptions({ queryKey: partQueryKey(id), queryFn: ({ signal }) => getPart(id, signal) });

export function usePart(id: string) {
  return useQuery(partQuery(id));
}
