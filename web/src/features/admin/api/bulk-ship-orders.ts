import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BulkShipAnswer, type BulkShipBody } from '@partsmith/contract/admin-lists';
import { api } from '../../../lib/api-client.ts';
import { ordersRoot } from '../../../lib/query-keys.ts';
import { auditRootKey } from './paging.ts';

/**
 * POST /api/admin/orders/ship: the orders selected in Manage Orders shipped together, with their
 * carrier when given, all of them or none.
 */
export function bulkShipOrders(body: BulkShipBody) {
  return api('/admin/orders/ship', { method: 'POST', body, schema: BulkShipAnswer });
}

export function useBulkShipOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkShipOrders,
    // Also after a failure (an order refunded meanwhile refuses them all): show what is true now.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [ordersRoot] });
      void queryClient.invalidateQueries({ queryKey: auditRootKey });
    },
  });
}
