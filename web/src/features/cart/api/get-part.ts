import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Part } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { partRoot } from '../../../lib/query-keys.ts';

/** The same key as the purchase page's part: a part seen there is not asked for again. */
export const cartPartQueryKey = (id: string) => [partRoot, id] as const;

/** GET /api/part/:id (public): a visitor's cart line priced from the catalogue. */
export function getCartPart(id: string, signal?: AbortSignal) {
  return api(`/part/${encodeURIComponent(id)}`, { schema: 'CataloguePart', signal });
}

export const cartPartQuery = (id: string) =>
  queryOptions({
    queryKey: cartPartQueryKey(id),
    queryFn: ({ signal }) => getCartPart(id, signal),
  });

/** A part as it was read: the part, or why it could not be. */
export type PartAnswer = { data: Part; error?: undefined } | { data?: undefined; error: unknown };

/**
 * The parts of a visitor's cart by id, each read once through its own query (shared with the
 * purchase page). One query for the lot, not one hook per line: a line that leaves keeps the
 * others' answers on the screen while the new list settles.
 */
export function useCartParts(ids: readonly string[]) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [partRoot, 'cart', ...ids],
    queryFn: async () =>
      Object.fromEntries(
        await Promise.all(
          ids.map(async (id): Promise<[string, PartAnswer]> => {
            try {
              return [id, { data: await queryClient.fetchQuery(cartPartQuery(id)) }];
            } catch (error) {
              return [id, { error }];
            }
          }),
        ),
      ) as Record<string, PartAnswer>,
    enabled: ids.length > 0,
    placeholderData: (previous) => previous,
  });
}
