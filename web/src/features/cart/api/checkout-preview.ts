import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CheckoutPreviewBody } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { cartRoot } from '../../../lib/query-keys.ts';

/** What the preview is asked for: the address, the method (the cheapest when null), the cart. */
export interface PreviewRequest {
  addressId: string | null;
  shippingMethod: string | null;
  /** What is in the cart (its lines and quantities): a change asks again. */
  cart: string;
}

export const checkoutPreviewKey = (request: PreviewRequest) =>
  [cartRoot, 'preview', request.addressId, request.shippingMethod, request.cart] as const;

/**
 * POST /api/checkout/preview: the buyer's cart shipped to one of their addresses, with the
 * shipping methods that reach it, the shipping charge, each sales tax and the total. Nothing is
 * asked until an address is chosen; while a new answer loads, the last one stays on show.
 */
export function useCheckoutPreview(request: PreviewRequest) {
  return useQuery({
    queryKey: checkoutPreviewKey(request),
    queryFn: ({ signal }) => {
      const body: CheckoutPreviewBody = {
        addressId: request.addressId!,
        ...(request.shippingMethod ? { shippingMethod: request.shippingMethod } : {}),
      };
      return api('/checkout/preview', {
        method: 'POST',
        body,
        schema: 'CheckoutPreview',
        signal,
      });
    },
    enabled: request.addressId !== null,
    placeholderData: keepPreviousData,
  });
}
