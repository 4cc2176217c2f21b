import { useQuery } from '@tanstack/react-query';
import { AdminWaiting } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { adminWaitingRoot } from '../../../lib/query-keys.ts';

export const adminWaitingQueryKey = [adminWaitingRoot] as const;

/** GET /api/admin/waiting: the orders to ship, quotes to answer, new messages and so on (admins). */
export function getAdminWaiting(signal?: AbortSignal) {
  return api('/admin/waiting', { schema: AdminWaiting, signal });
}

/** Read again each time the dashboard opens: the staff's work elsewhere changes the counts. */
export function useAdminWaiting() {
  return useQuery({
    queryKey: adminWaitingQueryKey,
    queryFn: ({ signal }) => getAdminWaiting(signal),
    staleTime: 0,
  });
}
