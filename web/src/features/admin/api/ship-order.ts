import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ModifiedAnswer, type Order } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { allOrdersQueryKey } from './get-all-orders.ts';
import { auditRootKey, patchItem } from './paging.ts';
import { ordersRoot } from '../../../lib/query-keys.ts';

/** PUT /api/changeStatus/:id: ships a paid order (409 while unpaid, 403 for non-admins). */
export function shipOrder(id: string) {
  return api(`/changeStatus/${encodeURIComponent(id)}`, { method: 'PUT', schema: ModifiedAnswer });
}

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onSuccess: (answer, id) => {
      if (answer.modifiedCount > 0) {
        patchItem<Order>(queryClient, allOrdersQueryKey, id, (order) => ({
          ...order,
          status: 'shipped',
        }));
      }
      // The customer's own order list shows the status too; reload it when next shown.
      void queryClient.invalidateQueries({ queryKey: [ordersRoot], refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: auditRootKey });
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: [ordersRoot] }),
  });
}
