import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { cartQueryKey } from './get-cart.ts';

/** DELETE /api/cart/lines/:partId: takes the part out of the cart (a visitor's too). */
export function removeCartLine(partId: string) {
  return api(`/cart/lines/${encodeURIComponent(partId)}`, { method: 'DELETE', schema: 'Cart' });
}

export function useRemoveCartLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCartLine,
    onSuccess: (cart) => queryClient.setQueryData(cartQueryKey, cart),
  });
}
