import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { cartRoot } from '../../../lib/query-keys.ts';

/**
 * POST /api/orders/:id/reorder ("Order again"): the order's lines put in the buyer's cart at
 * today's prices; answers what was added and what was left out, and why.
 */
export function reorder(id: string) {
  return api(`/orders/${encodeURIComponent(id)}/reorder`, {
    method: 'POST',
    schema: 'ReorderAnswer',
  });
}

export function useReorder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorder,
    // The cart changed (the top bar's count, the cart page).
    onSettled: () => queryClient.invalidateQueries({ queryKey: [cartRoot] }),
  });
}
