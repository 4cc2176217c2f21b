import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { auditRoot } from '../../../lib/query-keys.ts';
import { taxExemptionKey } from './query-keys.ts';

/** DELETE /api/users/:email/tax-exemption (admins): the customer pays sales tax again. */
export function endTaxExemption(email: string) {
  return api(`/users/${encodeURIComponent(email)}/tax-exemption`, {
    method: 'DELETE',
    schema: 'DeleteAnswer',
  });
}

/** Ends an exemption; afterwards (a 404 too: none was left) the customer's is read again. */
export function useEndTaxExemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endTaxExemption,
    onSuccess: (_answer, email) => queryClient.setQueryData(taxExemptionKey(email), null),
    onSettled: (_answer, _error, email) => {
      void queryClient.invalidateQueries({ queryKey: taxExemptionKey(email) });
      void queryClient.invalidateQueries({ queryKey: [auditRoot] });
    },
  });
}
