import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddressBody } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { cartRoot, quotesRoot } from '../../../lib/query-keys.ts';
import { addressesQueryKey } from './get-addresses.ts';

export interface AddressUpdate {
  id: string;
  body: AddressBody;
}

/** PUT /api/addresses/:id: replaces the entry's fields; answers the address as saved. */
export function updateAddress({ id, body }: AddressUpdate) {
  return api(`/addresses/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: 'Address' });
}

export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAddress,
    // The whole list: making one the default takes the mark off another. A checkout's preview
    // shipped to the address (under the cart's and the quotes' roots) is priced again.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: addressesQueryKey }),
        queryClient.invalidateQueries({ queryKey: [cartRoot] }),
        queryClient.invalidateQueries({ queryKey: [quotesRoot] }),
      ]),
  });
}
