import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CheckoutPreviewBody } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { quotesQueryKey } from './get-quotes.ts';

export const quotePreviewKey = (
  quoteId: string,
  addressId: string | null,
  shippingMethod: string | null,
) => [...quotesQueryKey, 'preview', quoteId, addressId, shippingMethod] as const;

/**
 * POST /api/quotes/:id/preview: the answered quote's lines at the quoted prices, shipped to one
 * of the buyer's addresses, with its shipping methods, shipping charge, sales tax and total.
 * Nothing is asked until an address is chosen.
 */
export function useQuotePreview(
  quoteId: string,
  addressId: string | null,
  shippingMethod: string | null,
) {
  return useQuery({
    queryKey: quotePreviewKey(quoteId, addressId, shippingMethod),
    queryFn: ({ signal }) => {
      const body: CheckoutPreviewBody = {
        addressId: addressId!,
        ...(shippingMethod ? { shippingMethod } : {}),
      };
      return api(`/quotes/${encodeURIComponent(quoteId)}/preview`, {
        method: 'POST',
        body,
        schema: 'CheckoutPreview',
        signal,
      });
    },
    enabled: addressId !== null,
    placeholderData: keepPreviousData,
  });
}
