import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { partsRoot, ordersRoot } from '../../../lib/query-keys.ts';

/** The home page's parts listing (owned by the home feature): a deleted order frees its stock. */

/** DELETE /api/orders/:id: unpaid orders only (409 with a message once paid). */
export function deleteOrder(id: string) {
  return api(`/orders/${encodeURIComponent(id)}`, { method: 'DELETE', schema: 'DeleteAnswer' });
}

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    // Also after a failure: a 409 means the order changed (it was paid meanwhile).
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [partsRoot] });
      return queryClient.invalidateQueries({ queryKey: [ordersRoot] });
    },
  });
}
