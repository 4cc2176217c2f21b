import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Country } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { countriesRoot } from '../../../lib/query-keys.ts';

export const countriesQueryKey = [countriesRoot] as const;

/** GET /api/countries: every country the shop ships to, by name, each with its regions. */
export function getCountries(signal?: AbortSignal) {
  return api('/countries', { schema: 'CountryList', signal });
}

export const countriesQuery = () =>
  queryOptions({
    queryKey: countriesQueryKey,
    queryFn: ({ signal }) => getCountries(signal),
    // The list changes only with a release of the server: asked once per visit.
    staleTime: Infinity,
  });

export function useCountries() {
  return useQuery(countriesQuery());
}

/** A country's name from the list, its code while the list is not there (or lacks it). */
export function countryNameIn(countries: readonly Country[] | undefined) {
  const names = new Map(countries?.map((country) => [country.code, country.name]));
  return (code: string) => names.get(code) ?? code;
}
