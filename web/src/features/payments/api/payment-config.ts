import { queryOptions, useQuery } from '@tanstack/react-query';
import { PaymentConfig } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { paymentConfigRoot } from '../../../lib/query-keys.ts';

/** GET /api/payment-config: which card form to show ('test' processor or Stripe). */
export function getPaymentConfig(signal?: AbortSignal) {
  return api('/payment-config', { schema: PaymentConfig, signal });
}

export const paymentConfigQuery = () =>
  queryOptions({
    queryKey: [paymentConfigRoot],
    queryFn: ({ signal }) => getPaymentConfig(signal),
    // The shop's provider does not change while the page is open.
    staleTime: Infinity,
  });

export function usePaymentConfig() {
  return useQuery(paymentConfigQuery());
}
