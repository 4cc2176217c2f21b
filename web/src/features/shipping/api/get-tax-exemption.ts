import { queryOptions, useQuery } from '@tanstack/react-query';
import { TaxExemption } from '@partsmith/contract';
import { api, ApiError } from '../../../lib/api-client.ts';
import { taxExemptionKey } from './query-keys.ts';

/** GET /api/users/:email/tax-exemption (admins): the customer's exemption, or null (a 404). */
export async function getTaxExemption(email: string, signal?: AbortSignal) {
  try {
    return await api(`/users/${encodeURIComponent(email)}/tax-exemption`, {
      schema: TaxExemption,
      signal,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const taxExemptionQuery = (email: string) =>
  queryOptions({
    queryKey: taxExemptionKey(email),
    queryFn: ({ signal }) => getTaxExemption(email, signal),
  });

export function useTaxExemption(email: string) {
  return useQuery(taxExemptionQuery(email));
}
