import { useQuery } from '@tanstack/react-query';
import { OrderList } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { ordersRoot } from '../../../lib/query-keys.ts';

/** Under the orders' root: an approval decided on the order page empties it too. */
export const companyApprovalsKey = [ordersRoot, 'company-approvals'] as const;

/**
 * GET /api/company/approvals: the company's orders waiting for an approver, the longest waiting
 * first (its owner, admins and approvers only).
 */
export function useCompanyApprovals(enabled: boolean) {
  return useQuery({
    queryKey: companyApprovalsKey,
    queryFn: ({ signal }) => api('/company/approvals', { schema: OrderList, signal }),
    enabled,
    staleTime: 0,
  });
}
