import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SearchSynonym } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { auditRoot, searchRoot, searchSynonymsRoot } from '../../../lib/query-keys.ts';

/** PUT /api/search-synonyms/:term (administrators): adds the word, or changes what it finds. */
export function saveSearchSynonym({ term, expansion }: SearchSynonym) {
  return api(`/search-synonyms/${encodeURIComponent(term)}`, {
    method: 'PUT',
    body: { expansion },
    schema: SearchSynonym,
  });
}

/** Saves a search word; the list, the searches already made and the audit log are then out of date. */
export function useSaveSearchSynonym() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSearchSynonym,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [searchSynonymsRoot] });
      void queryClient.invalidateQueries({ queryKey: [searchRoot] });
      void queryClient.invalidateQueries({ queryKey: [auditRoot] });
    },
  });
}
