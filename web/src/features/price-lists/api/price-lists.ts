import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from '@partsmith/contract/zod-subset';
import { PriceList, PriceListList, type PriceListBody } from '@partsmith/contract/price-lists';
import { api } from '../../../lib/api-client.ts';

/** The admins' price lists. The company pages ask for the same list under the same key. */
export const priceListsQueryKey = ['admin-price-lists'] as const;

/** GET /api/admin/price-lists: every price list with its prices, discounts and companies. */
export function usePriceLists() {
  return useQuery({
    queryKey: priceListsQueryKey,
    queryFn: ({ signal }) => api('/admin/price-lists', { schema: PriceListList, signal }),
  });
}

/** A save: a new list (POST) when `id` is null, else that list replaced (PUT). */
export interface PriceListSave {
  id: string | null;
  body: PriceListBody;
}

/** POST /api/admin/price-lists or PUT /api/admin/price-lists/:id; the lists are asked again. */
export function useSavePriceList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: PriceListSave) =>
      id === null
        ? api('/admin/price-lists', { method: 'POST', body, schema: PriceList })
        : api(`/admin/price-lists/${encodeURIComponent(id)}`, {
            method: 'PUT',
            body,
            schema: PriceList,
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priceListsQueryKey }),
  });
}

/** DELETE /api/admin/price-lists/:id (204); the lists are asked again. */
export function useDeletePriceList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/admin/price-lists/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        schema: z.unknown(),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priceListsQueryKey }),
  });
}

/** A part found for a fixed price: what the form shows of it. */
export interface FoundPart {
  _id: string;
  sku: string | null;
  name: string;
  price: number;
}

/**
 * GET /api/parts/search?q=: the catalogue's search (by part number or name), the first few
 * matches. The catalogue's own search is that feature's; this is the same request.
 */
export async function findParts(text: string, signal?: AbortSignal): Promise<FoundPart[]> {
  const query = new URLSearchParams({ q: text, limit: '8' });
  const answer = await api(`/parts/search?${query}`, { schema: 'SearchAnswer', signal });
  return answer.items.map(({ _id, sku, name, price }) => ({ _id, sku, name, price }));
}
