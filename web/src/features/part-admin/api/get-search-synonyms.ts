import { queryOptions, useQuery } from '@tanstack/react-query';
import { SearchSynonymList } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { searchSynonymsRoot } from '../../../lib/query-keys.ts';

/** GET /api/search-synonyms (administrators): every trade word of the search, by term. */
export const searchSynonymsQuery = () =>
  queryOptions({
    queryKey: [searchSynonymsRoot],
    queryFn: ({ signal }) => api('/search-synonyms', { schema: SearchSynonymList, signal }),
  });

export function useSearchSynonyms() {
  return useQuery(searchSynonymsQuery());
}
