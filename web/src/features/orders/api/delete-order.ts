import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteOrder } from '../../../lib/delete-order.ts';
import { partsRoot, ordersRoot } from '../../../lib/query-keys.ts';

/** The buyer deletes an unpaid order of theirs (lib/delete-order.ts). */
export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    // Also after a failure: a 409 means the order changed (it was paid meanwhile). A deleted
    // order frees its stock, which the parts lists show.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [partsRoot] });
      return queryClient.invalidateQueries({ queryKey: [ordersRoot] });
    },
  });
}
