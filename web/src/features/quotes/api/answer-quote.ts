import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Quote, type QuoteAnswerBody } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { quotesQueryKey } from './get-quotes.ts';

export interface QuoteAnswer {
  id: string;
  body: QuoteAnswerBody;
}

/**
 * PUT /api/quotes/:id (admins): a unit price for every line and the last day they hold. 409 once
 * the quote is accepted; 422 when a line has no price or the day is past.
 */
export function answerQuote({ id, body }: QuoteAnswer) {
  return api(`/quotes/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: Quote });
}

export function useAnswerQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerQuote,
    onSuccess: (quote) =>
      queryClient.setQueryData<Quote[]>(quotesQueryKey, (all) =>
        all?.map((one) => (one._id === quote._id ? quote : one)),
      ),
    // Also after a refusal: a 409 means the customer accepted it meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: quotesQueryKey }),
  });
}
