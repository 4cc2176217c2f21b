import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TaxExemption, type TaxExemptionBody } from '@partsmith/contract';
import type * as z from '@partsmith/contract/zod-subset';
import { api } from '../../../lib/api-client.ts';
import { auditRoot } from '../../../lib/query-keys.ts';
import { taxExemptionKey } from './query-keys.ts';

/** What the exemption form sends: the contract's output (trimmed, the note '' when none). */
export type TaxExemptionValues = z.output<typeof TaxExemptionBody>;

export interface SaveTaxExemption {
  email: string;
  body: TaxExemptionValues;
}

/**
 * PUT /api/users/:email/tax-exemption (admins): records the customer's exemption, replacing the
 * one they had. 422 names the field.
 */
export function saveTaxExemption({ email, body }: SaveTaxExemption) {
  return api(`/users/${encodeURIComponent(email)}/tax-exemption`, {
    method: 'PUT',
    body,
    schema: TaxExemption,
  });
}

/** Records an exemption; the answer is the customer's exemption from now on. */
export function useSaveTaxExemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTaxExemption,
    onSuccess: (exemption, { email }) => {
      queryClient.setQueryData(taxExemptionKey(email), exemption);
      void queryClient.invalidateQueries({ queryKey: [auditRoot] });
    },
    onError: (_error, { email }) =>
      queryClient.invalidateQueries({ queryKey: taxExemptionKey(email) }),
  });
}
