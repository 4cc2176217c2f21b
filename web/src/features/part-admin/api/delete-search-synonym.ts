import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { auditRoot, searchRoot, searchSynonymsRoot } from '../../../lib/query-keys.ts';

/** DELETE /api/search-synonyms/:term (administrators): the search no longer expands the word. */
export function deleteSearchSynonym(term: string) {
  return api(`/search-synonyms/${encodeURIComponent(term)}`, {
    method: 'DELETE',
    schema: 'DeleteAnswer',
  });
}

/**
 * Deletes a search word; afterwards (a 404 too: another admin deleted it) the list is read
 * again, and the searches already made and the audit log are out of date.
 */
export function useDeleteSearchSynonym() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSearchSynonym,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [searchSynonymsRoot] });
      void queryClient.invalidateQueries({ queryKey: [searchRoot] });
      void queryClient.invalidateQueries({ queryKey: [auditRoot] });
    },
  });
}
