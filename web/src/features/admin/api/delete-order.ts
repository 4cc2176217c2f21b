import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { allOrdersQueryKey } from './get-all-orders.ts';
import { auditRootKey, removeItem } from './paging.ts';
import { partsRoot, ordersRoot } from '../../../lib/query-keys.ts';

/** DELETE /api/orders/:id: unpaid orders only (409 once paid). Its quantity goes back in stock. */
export function deleteOrder(id: string) {
  return api(`/orders/${encodeURIComponent(id)}`, { method: 'DELETE', schema: 'DeleteAnswer' });
}

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSuccess: (_answer, id) => {
      removeItem<Order>(queryClient, allOrdersQueryKey, id);
      void queryClient.invalidateQueries({ queryKey: auditRootKey });
      // The stock came back: the catalogue shows it.
      void queryClient.invalidateQueries({ queryKey: [partsRoot] });
    },
    // Also after a failure: a 409 means the order was paid in the meantime.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: [ordersRoot] }),
  });
}
