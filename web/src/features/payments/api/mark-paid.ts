import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MarkPaidAnswer } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { ordersRoot } from '../../../lib/query-keys.ts';

/**
 * PATCH /api/purchase/:id: records the provider's payment id. The server asks the provider
 * whether that payment succeeded for this order before it marks the order paid.
 */
export function markPaid(orderId: string, transactionId: string) {
  return api(`/purchase/${encodeURIComponent(orderId)}`, {
    method: 'PATCH',
    body: { transactionId },
    schema: MarkPaidAnswer,
  });
}

export function useMarkPaid(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transactionId: string) => markPaid(orderId, transactionId),
    // The order (here and in My Orders) now shows paid.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [ordersRoot] }),
  });
}
