import { useMutation, useQueryClient } from '@tanstack/react-query';
import { InsertedAnswer, type AddReviewBody } from '@partsmith/contract';
import type * as z from '@partsmith/contract/zod-subset';
import { api } from '../../../lib/api-client.ts';
import { reviewsRoot } from '../../../lib/query-keys.ts';

/** What the form sends: the contract's output (the rating is a number by then). */
export type NewReview = z.output<typeof AddReviewBody>;

/** The home page's reviews slider caches GET /api/reviews under this key. */
export const reviewsQueryKey = [reviewsRoot] as const;

/** Success when insertedId is present; any other answer reads as null (a failure). */
const AddReviewAnswer = InsertedAnswer.nullable().catch(null);

/** POST /api/addReview: the answer, or null when the shop did not store the review. */
export function addReview(body: NewReview) {
  return api('/addReview', { method: 'POST', body, schema: AddReviewAnswer });
}

/** Adds a review; a stored one marks the home page's reviews out of date so it shows at once. */
export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addReview,
    onSuccess: (answer) => {
      if (answer) void queryClient.invalidateQueries({ queryKey: reviewsQueryKey });
    },
  });
}
