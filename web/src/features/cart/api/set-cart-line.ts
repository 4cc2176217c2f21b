import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { cartQueryKey } from './get-cart.ts';

export interface CartLineChange {
  partId: string;
  quantity: number;
}

/**
 * PUT /api/cart/lines/:partId: sets the line's quantity, adding the line when it is new, in a
 * customer's cart or a visitor's (the server makes a visitor's cart at its first line and names
 * it by a cookie). 404 when the part is gone, 422 with the quantity message outside its minimum
 * order and stock or beyond the cart's number of parts. Answers the whole cart.
 */
export function setCartLine({ partId, quantity }: CartLineChange) {
  return api(`/cart/lines/${encodeURIComponent(partId)}`, {
    method: 'PUT',
    body: { quantity },
    schema: 'Cart',
  });
}

/** Sets a line of the cart; the answer (the whole cart) goes into the cache. */
export function useSetCartLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCartLine,
    onSuccess: (cart) => queryClient.setQueryData(cartQueryKey, cart),
  });
}
