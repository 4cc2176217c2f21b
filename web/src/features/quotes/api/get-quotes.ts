import { queryOptions, useQuery } from '@tanstack/react-query';
import { Quote } from '@partsmith/contract';
import * as z from '@partsmith/contract/zod-subset';
import { api } from '../../../lib/api-client.ts';
import { quotesRoot } from '../../../lib/query-keys.ts';

const QuoteList = z.array(Quote);

/**
 * One answer for both lists: the server answers a customer their own quotes (newest first) and an
 * admin every quote (open requests first, then newest). My Quotes keeps the signed-in user's own.
 */
export const quotesQueryKey = [quotesRoot, 'list'] as const;

/** GET /api/quotes. */
export function getQuotes(signal?: AbortSignal) {
  return api('/quotes', { schema: QuoteList, signal });
}

export const quotesQuery = () =>
  queryOptions({ queryKey: quotesQueryKey, queryFn: ({ signal }) => getQuotes(signal) });

export function useQuotes() {
  return useQuery(quotesQuery());
}
