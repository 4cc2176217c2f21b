import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Quote } from '@partsmith/contract';
import { AdminQuotesPage, type AdminPage } from '@partsmith/contract/admin-lists';
import { getListPage } from '../../../lib/get-list-page.ts';
import { quotesRoot } from '../../../lib/query-keys.ts';

/**
 * Under the quotes root (lib/query-keys.ts): answering a quote (here), a customer's request or
 * acceptance (elsewhere) invalidates every page and count of the table with it.
 */
export const adminQuotesQueryKey = [quotesRoot, 'admin'] as const;

/** The params of a request that do not narrow the list: the others are its search and filters. */
const NOT_FILTERS = new Set(['limit', 'sort', 'cursor']);
const narrows = (params: Record<string, string>) =>
  Object.keys(params).some((key) => !NOT_FILTERS.has(key));

/** What the counts ask: only the total matters (GET ...?limit=1). */
const WHOLE = { limit: '1' };
const WAITING = { state: 'requested', limit: '1' };
const countKey = (params: Record<string, string>) =>
  [...adminQuotesQueryKey, 'count', params] as const;

/** GET /api/admin/quotes?q=&state=&sort=&cursor=&limit=: a page of every quote (admins only). */
export function getAdminQuotes(
  params: Record<string, string>,
  signal?: AbortSignal,
): Promise<AdminPage<Quote>> {
  return getListPage('/admin/quotes', AdminQuotesPage, params, signal);
}

/**
 * One page of the table for the params useListParams made (its `request`). A page of the whole
 * list also tells the heading's count, kept for when a search or filter narrows the list.
 */
export const adminQuotesPageQuery = (params: Record<string, string>) =>
  queryOptions({
    queryKey: [...adminQuotesQueryKey, 'page', params],
    queryFn: async ({ signal, client }) => {
      const page = await getAdminQuotes(params, signal);
      // `total` counts what the query finds, whichever page this is.
      if (!narrows(params)) {
        client.setQueryData(countKey(WHOLE), { items: [], nextCursor: null, total: page.total });
      }
      return page;
    },
  });

/** How many quotes a query finds, without them. */
const adminQuotesCountQuery = (params: Record<string, string>) =>
  queryOptions({
    queryKey: countKey(params),
    queryFn: ({ signal }) => getAdminQuotes(params, signal),
    select: (page) => page.total,
    // A page of the whole list keeps it up to date; answering a quote invalidates it.
    staleTime: 30_000,
  });

/**
 * Manage Quotes' page for the address's params, and the two counts its header says: every quote
 * (the heading's, whatever the filters) and the requests waiting for prices. While another page
 * or filter loads, the last page stays shown (`isPlaceholderData`: marked busy).
 */
export function useAdminQuotes(list: { request: Record<string, string>; filtered: boolean }) {
  const page = useQuery({
    ...adminQuotesPageQuery(list.request),
    placeholderData: keepPreviousData,
  });
  const whole = useQuery({ ...adminQuotesCountQuery(WHOLE), enabled: list.filtered });
  const waiting = useQuery(adminQuotesCountQuery(WAITING));
  const own = !list.filtered && page.data && !page.isPlaceholderData ? page.data.total : undefined;
  return { page, total: own ?? whole.data, waiting: waiting.data };
}
