import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ModifiedAnswer, type Order, type ShipBody } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { allOrdersQueryKey } from './get-all-orders.ts';
import { auditRootKey, patchItem } from './paging.ts';
import { ordersRoot } from '../../../lib/query-keys.ts';

export interface ShipRequest {
  id: string;
  /** The carrier and tracking number the admin gave; an empty one is left out. */
  shipment?: ShipBody;
}

/**
 * PUT /api/changeStatus/:id: ships a paid order (409 while unpaid, 403 for non-admins), with the
 * carrier and tracking number when the admin gave them.
 */
export function shipOrder({ id, shipment }: ShipRequest) {
  const body = Object.fromEntries(Object.entries(shipment ?? {}).filter(([, value]) => value));
  return api(`/changeStatus/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: Object.keys(body).length > 0 ? body : undefined,
    schema: ModifiedAnswer,
  });
}

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onSuccess: (answer, { id, shipment }) => {
      if (answer.modifiedCount > 0) {
        patchItem<Order>(queryClient, allOrdersQueryKey, id, (order) => ({
          ...order,
          status: 'shipped',
          shippedAt: new Date().toISOString(),
          carrier: shipment?.carrier || null,
          trackingNumber: shipment?.trackingNumber || null,
        }));
      }
      // The customer's own order list shows the status too; reload it when next shown.
      void queryClient.invalidateQueries({ queryKey: [ordersRoot], refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: auditRootKey });
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: [ordersRoot] }),
  });
}
