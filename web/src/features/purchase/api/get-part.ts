import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { partRoot } from '../../../lib/query-keys.ts';

export const partQueryKey = (id: string) => [partRoot, id] as const;

/**
 * GET /api/part/:id: one part of the catalogue with its category and attributes (404 when it is
 * gone); its page and the purchase page share it.
 */
export function getPart(id: string, signal?: AbortSignal) {
  return api(`/part/${encodeURIComponent(id)}`, { schema: 'CataloguePart', signal });
}

export const partQuery = (id: string) =>
  queryOptions({
    queryKey: partQueryKey(id),
    queryFn: ({ signal }) => getPart(id, signal),
  });

export function usePart(id: string) {
  return useQuery(partQuery(id));
}
