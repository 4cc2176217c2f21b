import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewAddressBody } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { addressesQueryKey } from './get-addresses.ts';

/** POST /api/addresses: a new entry of the address book (`shared`: the company's); answers its id. */
export function createAddress(body: NewAddressBody) {
  return api('/addresses', { method: 'POST', body, schema: 'InsertedAnswer' });
}

export function useCreateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAddress,
    // Awaited: whoever saved it (the picker) finds the new address in the list right after.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesQueryKey }),
  });
}
