import { queryOptions, useQuery } from '@tanstack/react-query';
import { TaxRateList } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { taxRatesKey } from './query-keys.ts';

/** GET /api/tax-rates (admins): every sales tax rate, a country's and its regions'. */
export const taxRatesQuery = () =>
  queryOptions({
    queryKey: taxRatesKey,
    queryFn: ({ signal }) => api('/tax-rates', { schema: TaxRateList, signal }),
  });

export function useTaxRates() {
  return useQuery(taxRatesQuery());
}
