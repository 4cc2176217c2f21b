import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Part } from '@partsmith/contract';
import { partQuery } from '../../../lib/get-part.ts';
import { partRoot } from '../../../lib/query-keys.ts';

/** A part as it was read: the part, or why it could not be. */
export type PartAnswer = { data: Part; error?: undefined } | { data?: undefined; error: unknown };

/**
 * The parts of a visitor's cart by id, each read once through its own query (the one its page
 * and its purchase page use, lib/get-part.ts). One query for the lot, not one hook per line: a
 * line that leaves keeps the others' answers on the screen while the new list settles.
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
              return [id, { data: await queryClient.fetchQuery(partQuery(id)) }];
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
