import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSession } from './get-session.ts';
import { adminCheckRoot } from '../../../lib/query-keys.ts';

/** GET /api/admin/{email}: the spec's admin check, for the signed-in user's own e-mail. */
export function getAdminCheck(email: string, signal?: AbortSignal) {
  return api(`/admin/${encodeURIComponent(email)}`, { schema: 'AdminCheck', signal });
}

export const adminCheckQuery = (email: string) =>
  queryOptions({
    queryKey: [adminCheckRoot, email],
    queryFn: ({ signal }) => getAdminCheck(email, signal),
    staleTime: 60_000,
  });

/**
 * Admin status: unknown while loading (`data` undefined), then true or false. Runs only once
 * the session has an e-mail.
 */
export function useAdminCheck() {
  const session = useSession();
  const email = session.data?.user.email ?? '';
  return useQuery({ ...adminCheckQuery(email), enabled: email !== '' });
}
