import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Part } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { adminPartsQueryKey } from './get-admin-parts.ts';
import { auditRootKey, removeItem } from './paging.ts';
import { partsRoot } from '../../../lib/query-keys.ts';

/** DELETE /api/tools/:id: hides the part from the catalogue (orders keep their own copy). */
export function deletePart(id: string) {
  return api(`/tools/${encodeURIComponent(id)}`, { method: 'DELETE', schema: 'DeleteAnswer' });
}

export function useDeletePart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePart,
    onSuccess: (_answer, id) => removeItem<Part>(queryClient, adminPartsQueryKey, id),
    // Also after a failure (a 404 means someone else deleted it): show what is true now.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: auditRootKey });
      void queryClient.invalidateQueries({ queryKey: [partsRoot] });
    },
  });
}
