import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminPart, type EditPartBody } from '@partsmith/contract';
import type * as z from '@partsmith/contract/zod-subset';
import { api } from '../../../lib/api-client.ts';
import { partRoot, partsRoot, searchRoot } from '../../../lib/query-keys.ts';
import { adminPartsQueryKey } from './get-admin-parts.ts';
import { partForEditingKey } from './get-part-for-editing.ts';
import { auditRootKey, patchItem } from './paging.ts';

/** The fields that changed, as the API takes them (numbers, not the form's text). */
export type PartChanges = Partial<z.output<typeof EditPartBody>>;

export interface UpdatePartInput {
  id: string;
  body: PartChanges;
}

/**
 * PUT /api/parts/:id: an admin changes any of a part's fields, only those sent; the server
 * checks the part as it will be (a 409 for a part number another part has, a 422 naming a wrong
 * attribute) and answers it as the editor sees it.
 */
export function updatePart({ id, body }: UpdatePartInput) {
  return api(`/parts/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: AdminPart });
}

export function useUpdatePart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePart,
    onSuccess: (saved, { id }) => {
      // Manage Products shows the part as the server stored it at once, and asks for its page
      // again (a part unlisted or renamed may leave a filtered or sorted page).
      patchItem<{ _id: string }>(queryClient, adminPartsQueryKey, id, (row) => ({
        ...row,
        ...saved,
      }));
      void queryClient.invalidateQueries({ queryKey: adminPartsQueryKey });
      queryClient.setQueryData(partForEditingKey(id), saved);
      // The home listing, the part's own page and the catalogue's searches reload when next shown.
      void queryClient.invalidateQueries({ queryKey: [partsRoot], refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: [partRoot], refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: [searchRoot], refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: auditRootKey });
    },
  });
}
