import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { addressesQueryKey } from './get-addresses.ts';

/**
 * DELETE /api/addresses/:id: the entry leaves the address book (orders keep their own copy).
 * A 2xx is the answer that counts; its body (if any) is not read.
 */
export function deleteAddress(id: string) {
  return api(`/addresses/${encodeURIComponent(id)}`, { method: 'DELETE', schema: 'NoContent' });
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesQueryKey }),
  });
}
