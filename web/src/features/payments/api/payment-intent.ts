import { queryOptions, useQuery } from '@tanstack/react-query';
import { PaymentIntentAnswer } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { paymentIntentRoot } from '../../../lib/query-keys.ts';

/**
 * POST /api/create-payment-intent: the server charges the order's own total. Kept as a query
 * so it is asked once per order (not once per render or per StrictMode mount); the server
 * answers the same intent again for the same order.
 */
export function createPaymentIntent(orderId: string) {
  return api('/create-payment-intent', {
    method: 'POST',
    body: { orderId },
    schema: PaymentIntentAnswer,
  });
}

export const paymentIntentQuery = (orderId: string) =>
  queryOptions({
    queryKey: [paymentIntentRoot, orderId],
    // No abort signal: leaving the page must not leave a half-made intent behind.
    queryFn: () => createPaymentIntent(orderId),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** Asked only once the order is loaded and unpaid (`enabled`). */
export function usePaymentIntent(orderId: string, enabled: boolean) {
  return useQuery({ ...paymentIntentQuery(orderId), enabled });
}
