import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { SessionAnswer } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { sessionRoot, authProvidersRoot, partsRoot, reviewsRoot } from '../../../lib/query-keys.ts';

export const sessionQueryKey = [sessionRoot] as const;

/**
 * GET /api/auth/get-session: the signed-in user and session, or null when signed out (an empty
 * body too). Every page's navbar asks for it: checked off the main thread (src/lib/answer-check.ts).
 */
export function getSession(signal?: AbortSignal): Promise<SessionAnswer> {
  return api('/auth/get-session', { schema: 'SessionAnswer', signal });
}

export const sessionQuery = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 60_000,
  });

/** The current session: `data` is undefined while loading, null when signed out. */
export function useSession() {
  return useQuery(sessionQuery());
}

/** Queries whose answers are the same for every visitor; everything else belongs to one user. */
const PUBLIC_QUERY_ROOTS: readonly unknown[] = [
  sessionRoot,
  partsRoot,
  reviewsRoot,
  authProvidersRoot,
];

/** Forgets every cached answer that belongs to a user (orders, profile, admin status...). */
export function clearUserData(queryClient: QueryClient) {
  queryClient.removeQueries({
    predicate: (query) => !PUBLIC_QUERY_ROOTS.includes(query.queryKey[0]),
  });
}

/** After a sign-in or sign-up: drop the previous user's data and load the new session. */
export async function refreshSession(queryClient: QueryClient): Promise<SessionAnswer> {
  clearUserData(queryClient);
  return queryClient.fetchQuery({ ...sessionQuery(), staleTime: 0 });
}
