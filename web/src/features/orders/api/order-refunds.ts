import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PartRefundBody } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { auditRoot, ordersRoot } from '../../../lib/query-keys.ts';

/** An order's partial refunds: under the orders root, which every change of an order refreshes. */
export const orderRefundsKey = (id: string) => [ordersRoot, 'refunds', id] as const;

/** GET /api/orders/:id/refunds: the refunds, what they gave back, the units left of each line. */
export function useOrderRefunds(id: string, enabled: boolean) {
  return useQuery({
    queryKey: orderRefundsKey(id),
    queryFn: ({ signal }) =>
      api(`/orders/${encodeURIComponent(id)}/refunds`, { schema: 'OrderRefunds', signal }),
    enabled,
  });
}

/**
 * POST /api/orders/:id/refunds (admins): refunds some units of a paid order's lines. The order,
 * its refunds, the admins' lists and the audit log are read again.
 */
export function useRefundPart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PartRefundBody }) =>
      api(`/orders/${encodeURIComponent(id)}/refunds`, {
        method: 'POST',
        body,
        schema: 'OrderRefund',
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [ordersRoot] });
      void queryClient.invalidateQueries({ queryKey: [auditRoot], refetchType: 'none' });
    },
  });
}
