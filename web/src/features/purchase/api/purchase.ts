import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PurchaseBody } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { partQueryKey } from '../../../lib/get-part.ts';
import { partsRoot, ordersRoot } from '../../../lib/query-keys.ts';

export interface PurchaseRequest {
  body: PurchaseBody;
  /** The same key for a retry of the same submission: the server then makes one order only. */
  idempotencyKey: string;
}

/** POST /api/purchase: the server takes name, price and buyer from its own records. */
export function purchase({ body, idempotencyKey }: PurchaseRequest) {
  return api('/purchase', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: 'PurchaseAnswer',
  });
}

/** Places an order; afterwards the stock on the home page and the user's orders are refetched. */
export function usePurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: purchase,
    onSuccess: (_answer, { body }) => {
      void queryClient.invalidateQueries({ queryKey: [partsRoot] });
      void queryClient.invalidateQueries({ queryKey: [ordersRoot] });
      void queryClient.invalidateQueries({ queryKey: partQueryKey(body.partId) });
    },
  });
}
