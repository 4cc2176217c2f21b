import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPart } from '../../../lib/get-part.ts';
import { partRoot } from '../../../lib/query-keys.ts';

/**
 * GET /api/part/:id for the part editor: the part's category and attributes, which the admin's
 * list (GET /api/allParts) does not carry. Its own key under the part root (the catalogue's
 * pages, the cart and the quotes keep the plain part under [partRoot, id]), read afresh each
 * time the editor opens; a saved change invalidates the root.
 */
export const partSpecificationQuery = (id: string) =>
  queryOptions({
    queryKey: [partRoot, 'admin', id],
    queryFn: ({ signal }) => getPart(id, signal),
    staleTime: 0,
  });

export function usePartSpecification(id: string) {
  return useQuery(partSpecificationQuery(id));
}
