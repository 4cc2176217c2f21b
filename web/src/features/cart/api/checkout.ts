import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutBody } from '@partsmith/contract';
import { placeOrder, refreshAfterOrder, type OrderRequest } from '../../../lib/place-order.ts';
import { cartRoot } from '../../../lib/query-keys.ts';

export type CheckoutRequest = OrderRequest<CheckoutBody>;

/**
 * POST /api/checkout: the signed-in buyer's cart becomes one unpaid order shipped to `address`
 * (the server empties the cart in the same transaction). Answers the new order's id. A refusal
 * (409, 422: a line the stock cannot serve, an empty cart) rejects with CheckoutRefused; nothing
 * is taken.
 */
export function checkout(request: CheckoutRequest) {
  return placeOrder('/checkout', request, [409, 422]);
}

/** Checks out; afterwards the cart, the orders and the stock shown anywhere are asked again. */
export function useCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkout,
    onSuccess: () => refreshAfterOrder(queryClient),
    // Also after a refusal: the lines' own problems (stock, minimum) are the server's to say.
    // Not awaited: the page goes on to the payment first (an emptied cart, asked again before,
    // would take the checkout form, and the mutate call's own callbacks, off the page).
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [cartRoot] });
    },
  });
}
