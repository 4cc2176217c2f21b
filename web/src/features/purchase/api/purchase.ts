import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PurchaseBody } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { partQueryKey } from './get-part.ts';
import { partsRoot, ordersRoot } from '../../../lib/query-keys.ts';

/** A v4 UUID; `crypto.randomUUID` exists only in secure contexts (HTTPS or localhost). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

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
