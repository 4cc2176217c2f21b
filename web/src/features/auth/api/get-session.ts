import type { QueryClient } from '@tanstack/react-query';
import type { SessionAnswer } from '@partsmith/contract';
import { sessionQuery } from '../../../lib/get-session.ts';
import { sessionRoot, authProvidersRoot, partsRoot, reviewsRoot } from '../../../lib/query-keys.ts';

// The session's call is shared with other features (src/lib/get-session.ts).
export { getSession, sessionQuery, sessionQueryKey, useSession } from '../../../lib/get-session.ts';

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
