import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { partRoot } from '../../../lib/query-keys.ts';

/** The same key as the purchase page's part: the part a buyer came from is not asked again. */
export const quotePartQueryKey = (id: string) => [partRoot, id] as const;

/** GET /api/part/:id (404 when it is gone): the part a request starts with (`?part=`). */
export function getQuotePart(id: string, signal?: AbortSignal) {
  return api(`/part/${encodeURIComponent(id)}`, { schema: 'CataloguePart', signal });
}

export const quotePartQuery = (id: string) =>
  queryOptions({
    queryKey: quotePartQueryKey(id),
    queryFn: ({ signal }) => getQuotePart(id, signal),
  });

/** The part, or nothing asked while `id` is null. */
export function useQuotePart(id: string | null) {
  return useQuery({ ...quotePartQuery(id ?? ''), enabled: id !== null });
}
