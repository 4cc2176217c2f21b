import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminPartsBulkAnswer, type AdminPartsBulkBody } from '@partsmith/contract/admin-lists';
import { api } from '../../../lib/api-client.ts';
import { partRoot, partsRoot, searchRoot } from '../../../lib/query-keys.ts';
import { auditRootKey } from './paging.ts';

/**
 * POST /api/admin/parts/bulk: one action (a price change by a percentage, a stock, list, unlist)
 * on the parts selected in Manage Products, all of them or none.
 */
export function bulkUpdateParts(body: AdminPartsBulkBody) {
  return api('/admin/parts/bulk', { method: 'POST', body, schema: AdminPartsBulkAnswer });
}

export function useBulkUpdateParts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkUpdateParts,
    // Also after a failure (a part deleted meanwhile refuses them all): show what is true now.
    onSettled: () => {
      // The table (and the home page's listing) reload; so do the parts' pages and searches.
      void queryClient.invalidateQueries({ queryKey: [partsRoot] });
      void queryClient.invalidateQueries({ queryKey: [partRoot], refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: [searchRoot], refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: auditRootKey });
    },
  });
}
