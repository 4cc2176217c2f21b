import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPage } from '@partsmith/contract/admin-lists';
import type * as z from '@partsmith/contract/zod-subset';
import { apiRequest } from './api-client.ts';

// Server-paged lists whose search, filters, sort and page live in the address
// (lib/use-list-params.ts, components/ui/list-controls.tsx): the request and its queries.

/**
 * GET one page of a server-paged list (the admins' tables, contract/admin-lists): `params` go in
 * the query string as they are (useListParams' `request`: the search, filters, sort, cursor and
 * size), the answer is `{ items, nextCursor, total }`, checked with the list's schema.
 */
export async function getListPage<T>(
  path: string,
  schema: z.ZodType<AdminPage<T>>,
  params: Record<string, string>,
  signal?: AbortSignal,
): Promise<AdminPage<T>> {
  const qs = new URLSearchParams(params).toString();
  const { data } = await apiRequest(`${path}${qs ? `?${qs}` : ''}`, { schema, signal });
  return data;
}

/**
 * A server-paged list (the admins' tables: GET /api/admin/parts, ...): where it is asked for and
 * its cache key, under its resource's root, so that whatever changes the resource refreshes
 * every page of it.
 */
export interface ServerList<T> {
  key: readonly unknown[];
  path: string;
  schema: z.ZodType<AdminPage<T>>;
}

/** The params of a request that do not narrow the list: the others are its search and filters. */
const NOT_FILTERS = new Set(['limit', 'sort', 'cursor']);
const narrows = (params: Record<string, string>) =>
  Object.keys(params).some((key) => !NOT_FILTERS.has(key));

/** The cache key of the whole list's count (the page heading's), beside the pages' keys. */
const wholeKey = (list: ServerList<unknown>) => [...list.key, 'whole'] as const;

/**
 * One page of a server-paged list, for the params useListParams made (its `request`). A page of the
 * whole list (no search, no filter) also tells the heading's count: it is kept for when a filter
 * narrows the list (then asked for on its own with `limit=1`).
 */
export const listPageQuery = <T>(list: ServerList<T>, params: Record<string, string>) =>
  queryOptions({
    queryKey: [...list.key, params],
    queryFn: async ({ signal, client }) => {
      const page = await getListPage(list.path, list.schema, params, signal);
      if (!narrows(params)) {
        client.setQueryData<AdminPage<T>>(wholeKey(list), {
          items: [],
          nextCursor: null,
          total: page.total,
        });
      }
      return page;
    },
  });

/** How many items the whole list has, without its items (GET ...?limit=1). */
export const listCountQuery = <T>(list: ServerList<T>) =>
  queryOptions({
    queryKey: wholeKey(list),
    queryFn: async ({ signal }): Promise<AdminPage<T>> => {
      const { total } = await getListPage(list.path, list.schema, { limit: '1' }, signal);
      return { items: [], nextCursor: null, total };
    },
    // A page of the whole list keeps it up to date; changes invalidate it.
    staleTime: 30_000,
  });

/**
 * A server-paged list's page for the address's params, and the whole list's count (the admin
 * pages' headings count everything, whatever the filters). While another page or filter
 * loads, the last page stays shown (`isPlaceholderData`: marked busy).
 */
export function useServerList<T>(
  list: ServerList<T>,
  { request, filtered }: { request: Record<string, string>; filtered: boolean },
) {
  const page = useQuery({ ...listPageQuery(list, request), placeholderData: keepPreviousData });
  const whole = useQuery({ ...listCountQuery(list), enabled: filtered });
  const own = !filtered && page.data && !page.isPlaceholderData ? page.data.total : undefined;
  return { page, total: own ?? whole.data?.total };
}
