import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { categoriesRoot } from './query-keys.ts';

/**
 * GET /api/categories: the catalogue's categories, each with its typed attributes. Shared by the
 * search, a part's page and the admin's part forms (features do not import each other); they
 * change seldom, so one answer serves a while.
 */
export const categoriesQuery = () =>
  queryOptions({
    queryKey: [categoriesRoot],
    queryFn: ({ signal }) => api('/categories', { schema: 'CategoryList', signal }),
    staleTime: 5 * 60_000,
  });

export function useCategories() {
  return useQuery(categoriesQuery());
}
