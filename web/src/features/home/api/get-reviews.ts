import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const reviewsQuery = () =>
  queryOptions({
    queryKey: ['reviews'],
    queryFn: ({ signal }) =>
      api('/reviews', {
        // The contract (and zod) load with the request: the home page paints without them.
        schema: () => import('@partsmith/contract').then((contract) => contract.ReviewList),
        signal,
      }),
  });

/** Spec: fired once when the reviews section appears; pass `enabled` from a visibility check. */
export function useReviews(enabled = true) {
  return useQuery({ ...reviewsQuery(), enabled });
}
