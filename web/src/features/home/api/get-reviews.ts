import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { reviewsRoot } from '../../../lib/query-keys.ts';

export const reviewsQuery = () =>
  queryOptions({
    queryKey: [reviewsRoot],
    queryFn: ({ signal }) =>
      api('/reviews', {
        // Checked against the contract off the main thread (src/lib/answer-check.ts).
        schema: 'ReviewList',
        signal,
      }),
  });

/** Fired once when the reviews section appears; pass `enabled` from a visibility check. */
export function useReviews(enabled = true) {
  return useQuery({ ...reviewsQuery(), enabled });
}
