import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@partsmith/contract';
import { deleteOrder } from '../../../lib/delete-order.ts';
import { allOrdersQueryKey } from './get-all-orders.ts';
import { auditRootKey, removeItem } from './paging.ts';
import { partsRoot, ordersRoot } from '../../../lib/query-keys.ts';

/** An admin deletes an unpaid order (lib/delete-order.ts): it leaves the list at once. */
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
