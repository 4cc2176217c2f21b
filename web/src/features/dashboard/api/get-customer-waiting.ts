import { useQuery } from '@tanstack/react-query';
import { CustomerWaiting } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { ordersRoot } from '../../../lib/query-keys.ts';

/** Under the orders' key: paying, deleting or approving an order marks it stale with them. */
export const customerWaitingQueryKey = [ordersRoot, 'customer-waiting'] as const;

/** GET /api/waiting: the customer's orders to pay, quotes to accept, invoices and approvals. */
export function getCustomerWaiting(signal?: AbortSignal) {
  return api('/waiting', { schema: CustomerWaiting, signal });
}

/** Read again each time the dashboard opens: orders and quotes change elsewhere. */
export function useCustomerWaiting() {
  return useQuery({
    queryKey: customerWaitingQueryKey,
    queryFn: ({ signal }) => getCustomerWaiting(signal),
    staleTime: 0,
  });
}
