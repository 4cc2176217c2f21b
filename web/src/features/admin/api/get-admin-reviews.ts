import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminReviewList, type AdminReview } from '@partsmith/contract';
import { fetchPage, type Page } from './paging.ts';
import { adminReviewsRoot } from '../../../lib/query-keys.ts';

/**
 * Not under the home page's reviews root: that one is public and kept when the user signs
 * out (get-session.ts), this list (with the authors' e-mails) is the admin's own.
 */
export const adminReviewsQueryKey = [adminReviewsRoot] as const;

/**
 * GET /api/allReviews: the newest reviews (200 at most), hidden ones too, and in X-Total-Count
 * how many there are (admins only). One page: the list has no cursor.
 */
export function getAdminReviews(signal?: AbortSignal): Promise<Page<AdminReview>> {
  return fetchPage('/allReviews', AdminReviewList, {}, signal);
}

export const adminReviewsQuery = () =>
  queryOptions({
    queryKey: adminReviewsQueryKey,
    queryFn: ({ signal }) => getAdminReviews(signal),
  });

export function useAdminReviews() {
  return useQuery(adminReviewsQuery());
}
