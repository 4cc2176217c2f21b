import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { auditRoot } from '../../../lib/query-keys.ts';
import { taxRatesKey } from './query-keys.ts';

/** DELETE /api/tax-rates/:id (admins): the place pays no sales tax of that rate any more. */
export function deleteTaxRate(id: string) {
  return api(`/tax-rates/${encodeURIComponent(id)}`, { method: 'DELETE', schema: 'DeleteAnswer' });
}

/** Deletes a rate; afterwards (a 404 too) the rates are read again. */
export function useDeleteTaxRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTaxRate,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: taxRatesKey });
      void queryClient.invalidateQueries({ queryKey: [auditRoot] });
    },
  });
}
