import { useQuery } from '@tanstack/react-query';
import { Quote } from '@partsmith/contract';
import * as z from '@partsmith/contract/zod-subset';
import { api } from '../../../lib/api-client.ts';
import { quotesRoot } from '../../../lib/query-keys.ts';

const QuoteList = z.array(Quote);

/** The company's quotes, under the quotes' root: a request or an answer refreshes them too. */
export const companyQuotesQueryKey = [quotesRoot, 'company'] as const;

/**
 * GET /api/company/quotes: the quotes its members asked, for the company's owner, admins and
 * approvers (`enabled`: only for them; the server answers 403 to anyone else).
 */
export function useCompanyQuotes(enabled: boolean) {
  return useQuery({
    queryKey: companyQuotesQueryKey,
    queryFn: ({ signal }) => api('/company/quotes', { schema: QuoteList, signal }),
    enabled,
  });
}
