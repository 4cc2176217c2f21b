import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Quote, type QuoteRequestBody } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { companyQuotesQueryKey } from './get-company-quotes.ts';
import { quotesQueryKey } from './get-quotes.ts';

/**
 * POST /api/quotes: asks a price for the parts and quantities. 422 with the server's words for a
 * line it refuses (the part is gone, the quantity below its minimum order), 429 past the limit.
 */
export function requestQuote(body: QuoteRequestBody) {
  return api('/quotes', { method: 'POST', body, schema: Quote });
}

export function useRequestQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestQuote,
    // The lists only (not the request's own draft), and without waiting: the page moves on.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: quotesQueryKey });
      void queryClient.invalidateQueries({ queryKey: companyQuotesQueryKey });
    },
  });
}
