import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartQueryKey } from './get-cart.ts';
import { setLocalLine } from './local-cart.ts';
import { setCartLine, type CartLineChange } from './set-cart-line.ts';

/**
 * Puts `quantity` units of a part in the cart (the line's quantity becomes that many): the
 * server's cart when signed in (PUT /api/cart/lines/:partId, which checks the quantity against
 * the part's minimum and stock), else this browser's, moved to the server at sign-in.
 */
export function useAddToCart(signedIn: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (line: CartLineChange) => {
      if (!signedIn) {
        setLocalLine(line.partId, line.quantity);
        return null;
      }
      const cart = await setCartLine(line);
      queryClient.setQueryData(cartQueryKey, cart);
      return cart;
    },
  });
}
