import type { AdminReview } from '@partsmith/contract';
import { AdminReviewsPage } from '@partsmith/contract/admin-lists';
import { adminReviewsRoot } from '../../../lib/query-keys.ts';
import { useServerList, type ServerList } from '../../../lib/get-list-page.ts';

/**
 * Not under the home page's reviews root: that one is public and kept when the user signs
 * out (get-session.ts), this list (with the authors' e-mails) is the admin's own.
 */
export const adminReviewsQueryKey = [adminReviewsRoot] as const;

/**
 * GET /api/admin/reviews?q=&hidden=&sort=&cursor=&limit=: a page of the reviews, hidden ones
 * too, with the authors' e-mails (admins only).
 */
export const adminReviews: ServerList<AdminReview> = {
  key: adminReviewsQueryKey,
  path: '/admin/reviews',
  schema: AdminReviewsPage,
};

export function useAdminReviews(list: { request: Record<string, string>; filtered: boolean }) {
  return useServerList(adminReviews, list);
}
