import { queryOptions, useQuery } from '@tanstack/react-query';
import { ReviewList } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';

export const reviewsQuery = () =>
  queryOptions({
    queryKey: ['reviews'],
    queryFn: ({ signal }) => api('/reviews', { schema: ReviewList, signal }),
  });

/** Spec: fired once when the reviews section appears; pass `enabled` from a visibility check. */
export function useReviews(enabled = true) {
  return useQuery({ ...reviewsQuery(), enabled });
}
