import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ModifiedAnswer, type Attributes, type Part } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { adminPartsQueryKey } from './get-admin-parts.ts';
import { auditRootKey, patchItem } from './paging.ts';
import { partRoot, partsRoot, searchRoot } from '../../../lib/query-keys.ts';

/** The contract's UpdatePartBody, as numbers: only the fields that changed are sent. */
export interface UpdatePartInput {
  id: string;
  body: Partial<Pick<Part, 'availableQuantity' | 'price' | 'priceBreaks'>> & {
    /** null: back to the default, twice the minimum order. */
    lowStockThreshold?: number | null;
    /** Days until more arrive; null: not known. */
    leadTimeDays?: number | null;
    /** The part's category (a slug) with its attributes, sent together. */
    category?: string;
    attributes?: Attributes;
  };
}

/**
 * PATCH /api/tools/:id: an admin corrects the stock, the price, the volume prices, the lead time
 * and/or the category and attributes (checked by the category's schema on the server too: a 422 names the
 * wrong attribute).
 */
export function updatePart({ id, body }: UpdatePartInput) {
  return api(`/tools/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
    schema: ModifiedAnswer,
  });
}

export function useUpdatePart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePart,
    onSuccess: (
      _answer,
      { id, body: { category: _category, attributes: _attributes, ...body } },
    ) => {
      // The server took these values: show them at once instead of reloading every open page
      // (the list's parts carry no category or attributes).
      patchItem<Part>(queryClient, adminPartsQueryKey, id, (part) => ({
        ...part,
        ...body,
        // null went back to the default: twice the minimum order.
        lowStockThreshold:
          body.lowStockThreshold === null
            ? 2 * part.minOrderQuantity
            : (body.lowStockThreshold ?? part.lowStockThreshold),
      }));
      // The home listing (and this one, when next shown) reload from the server.
      void queryClient.invalidateQueries({ queryKey: [partsRoot], refetchType: 'none' });
      // So do the part's own page (and the editor's copy) and the catalogue's searches.
      void queryClient.invalidateQueries({ queryKey: [partRoot], refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: [searchRoot], refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: auditRootKey });
    },
  });
}
