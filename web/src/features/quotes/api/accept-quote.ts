import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuoteAcceptBody } from '@partsmith/contract';
import { placeOrder, refreshAfterOrder, type OrderRequest } from '../../../lib/place-order.ts';
import { quotesQueryKey } from './get-quotes.ts';

export interface AcceptRequest extends OrderRequest<QuoteAcceptBody> {
  id: string;
}

/**
 * POST /api/quotes/:id/accept: the quoted lines at the quoted prices become one unpaid order
 * shipped to `address`; answers its id. Refused with 410 once the quote has expired, 409 before
 * it is answered or when the stock cannot serve a line (CheckoutRefused names them). Accepting an
 * accepted quote answers the same order again.
 */
export function acceptQuote({ id, ...request }: AcceptRequest) {
  return placeOrder(`/quotes/${encodeURIComponent(id)}/accept`, request, [409]);
}

/** Accepts; afterwards the quotes, the orders and the stock shown anywhere are asked again. */
export function useAcceptQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptQuote,
    onSuccess: () => {
      refreshAfterOrder(queryClient);
      // The buyer goes on to the payment: the quotes are asked again when next shown.
      void queryClient.invalidateQueries({ queryKey: quotesQueryKey, refetchType: 'none' });
    },
    // An expired or changed quote shows as it stands now (the refusal stays on its card).
    onError: () => void queryClient.invalidateQueries({ queryKey: quotesQueryKey }),
  });
}
