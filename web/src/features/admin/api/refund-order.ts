import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ModifiedAnswer, type Order, type RefundBody } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { allOrdersQueryKey } from './get-all-orders.ts';
import { auditRootKey, patchItem } from './paging.ts';
import { ordersRoot } from '../../../lib/query-keys.ts';

export interface RefundRequest {
  id: string;
  body: RefundBody;
}

/**
 * POST /api/orders/:id/refund (admins): refunds a paid order in full and issues its credit note
 * (409 when it is not paid, or refunded already).
 */
export function refundOrder({ id, body }: RefundRequest) {
  return api(`/orders/${encodeURIComponent(id)}/refund`, {
    method: 'POST',
    body,
    schema: ModifiedAnswer,
  });
}

export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundOrder,
    onSuccess: (answer, { id }) => {
      if (answer.modifiedCount > 0) {
        patchItem<Order>(queryClient, allOrdersQueryKey, id, (order) => ({
          ...order,
          refundedAt: new Date().toISOString(),
        }));
      }
      // The customer's own views show it too (and its credit note); reload them when next shown.
      void queryClient.invalidateQueries({ queryKey: [ordersRoot], refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: auditRootKey });
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: [ordersRoot] }),
  });
}
