import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TaxRate, type TaxRateBody } from '@partsmith/contract';
import type * as z from '@partsmith/contract/zod-subset';
import { api } from '../../../lib/api-client.ts';
import { auditRoot } from '../../../lib/query-keys.ts';
import { taxRatesKey } from './query-keys.ts';

/** What the rate form sends: the contract's output (codes upper case, region null for all). */
export type TaxRateValues = z.output<typeof TaxRateBody>;

export interface SaveTaxRate {
  /** The rate changed; none for a new rate. */
  id?: string;
  body: TaxRateValues;
}

/**
 * POST /api/tax-rates, or PUT /api/tax-rates/:id for a rate that exists (admins). 409 when the
 * place has a rate already; 422 names the field.
 */
export function saveTaxRate({ id, body }: SaveTaxRate) {
  return id
    ? api(`/tax-rates/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: TaxRate })
    : api('/tax-rates', { method: 'POST', body, schema: TaxRate });
}

/** Saves a rate; the rates are read again either way. */
export function useSaveTaxRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTaxRate,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: taxRatesKey });
      void queryClient.invalidateQueries({ queryKey: [auditRoot] });
    },
  });
}
