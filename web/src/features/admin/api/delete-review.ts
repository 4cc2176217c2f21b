import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminReview } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { adminReviewsQueryKey } from './get-admin-reviews.ts';
import { auditRootKey, removeItem } from './paging.ts';
import { reviewsRoot } from '../../../lib/query-keys.ts';

/** DELETE /api/reviews/:id: removes a review for good (admins only). */
export function deleteReview(id: string) {
  return api(`/reviews/${encodeURIComponent(id)}`, { method: 'DELETE', schema: 'DeleteAnswer' });
}

export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReview,
    // The row goes at once; the list is refetched right after.
    onSuccess: (_answer, id) => removeItem<AdminReview>(queryClient, adminReviewsQueryKey, id),
    // Also after a failure (a 404 means someone else deleted it): show what is true now.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminReviewsQueryKey });
      void queryClient.invalidateQueries({ queryKey: [reviewsRoot] });
      void queryClient.invalidateQueries({ queryKey: auditRootKey });
    },
  });
}
