import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { addressesRoot } from '../../../lib/query-keys.ts';

/** The signed-in customer's address book. Not a public root: signing out forgets it. */
export const addressesQueryKey = [addressesRoot] as const;

/** GET /api/addresses: the caller's saved addresses (one of them may be the default). */
export function getAddresses(signal?: AbortSignal) {
  return api('/addresses', { schema: 'AddressList', signal });
}

export const addressesQuery = () =>
  queryOptions({ queryKey: addressesQueryKey, queryFn: ({ signal }) => getAddresses(signal) });

export function useAddresses() {
  return useQuery(addressesQuery());
}
