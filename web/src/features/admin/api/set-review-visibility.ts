import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ModifiedAnswer, type AdminReview } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { adminReviewsQueryKey } from './get-admin-reviews.ts';
import { auditRootKey, patchItem } from './paging.ts';
import { reviewsRoot } from '../../../lib/query-keys.ts';

export interface ReviewVisibility {
  id: string;
  hidden: boolean;
}

/** PATCH /api/reviews/:id: hides a review from the home page, or shows it again. */
export function setReviewVisibility({ id, hidden }: ReviewVisibility) {
  return api(`/reviews/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { hidden },
    schema: ModifiedAnswer,
  });
}

export function useSetReviewVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setReviewVisibility,
    onSuccess: (_answer, { id, hidden }) => {
      // The server confirmed it: the row shows it at once, without reloading the list.
      patchItem<AdminReview>(queryClient, adminReviewsQueryKey, id, (review) => ({
        ...review,
        hidden,
      }));
      void queryClient.invalidateQueries({ queryKey: [reviewsRoot] });
      void queryClient.invalidateQueries({ queryKey: auditRootKey });
    },
    // A 404 means another admin deleted it meanwhile: show what is true now.
    onError: () => void queryClient.invalidateQueries({ queryKey: adminReviewsQueryKey }),
  });
}
