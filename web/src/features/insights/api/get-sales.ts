import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { Sales, type SalesSpan } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { salesRoot } from '../../../lib/query-keys.ts';

export const salesQueryKey = (days: SalesSpan) => [salesRoot, { days }] as const;

/** GET /api/admin/sales?days=30|90: the shop's numbers (admins only). */
export function getSales(days: SalesSpan, signal?: AbortSignal) {
  return api(`/admin/sales?days=${days}`, { schema: Sales, signal });
}

export const salesQuery = (days: SalesSpan) =>
  queryOptions({
    queryKey: salesQueryKey(days),
    queryFn: ({ signal }) => getSales(days, signal),
  });

/** While the other span loads, the figures shown stay on screen (marked busy). */
export function useSales(days: SalesSpan) {
  return useQuery({ ...salesQuery(days), placeholderData: keepPreviousData });
}

/** The accounting export's address: the browser downloads it (content-disposition). */
export function ordersCsvUrl(range: { from?: string; to?: string }) {
  const query = new URLSearchParams();
  if (range.from) query.set('from', range.from);
  if (range.to) query.set('to', range.to);
  const search = query.toString();
  return `/api/allPurchases.csv${search ? `?${search}` : ''}`;
}
