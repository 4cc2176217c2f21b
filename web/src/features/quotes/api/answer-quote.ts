import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Quote, type QuoteAnswerBody } from '@partsmith/contract';
import type { AdminPage } from '@partsmith/contract/admin-lists';
import { api } from '../../../lib/api-client.ts';
import { quotesRoot } from '../../../lib/query-keys.ts';
import { adminQuotesQueryKey } from './get-admin-quotes.ts';
import { quotesQueryKey } from './get-quotes.ts';

export interface QuoteAnswer {
  id: string;
  body: QuoteAnswerBody;
}

/**
 * PUT /api/quotes/:id (admins): a unit price for every line, the last day they hold and a message
 * to the customer. 409 once the quote is accepted; 422 when a line has no price or the day is
 * past.
 */
export function answerQuote({ id, body }: QuoteAnswer) {
  return api(`/quotes/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: Quote });
}

/** The cached pages of Manage Quotes' table and its counts (a count is a page too). */
const isPage = (data: unknown): data is AdminPage<Quote> =>
  !!data && Array.isArray((data as AdminPage<Quote>).items);

export function useAnswerQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerQuote,
    onSuccess: (quote) => {
      // The answer shows at once wherever the quote is, before the lists are asked again.
      const swap = (one: Quote) => (one._id === quote._id ? quote : one);
      queryClient.setQueryData<Quote[]>(quotesQueryKey, (all) => all?.map(swap));
      queryClient.setQueriesData<AdminPage<Quote>>({ queryKey: adminQuotesQueryKey }, (data) =>
        isPage(data) ? { ...data, items: data.items.map(swap) } : data,
      );
    },
    // Also after a refusal (a 409 means the customer accepted it meanwhile): every list and count
    // of quotes (one less request waiting, a filtered page without it).
    onSettled: () => queryClient.invalidateQueries({ queryKey: [quotesRoot] }),
  });
}
