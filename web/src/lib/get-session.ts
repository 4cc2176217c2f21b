import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionAnswer } from '@partsmith/contract';
import { api } from './api-client.ts';
import { sessionRoot } from './query-keys.ts';

export const sessionQueryKey = [sessionRoot] as const;

/**
 * GET /api/auth/get-session: the signed-in user and session, or null when signed out (an empty
 * body too). Every page's navbar asks for it: checked off the main thread (src/lib/answer-check.ts).
 * Here, not in the auth feature, because other features ask whether someone is signed in too.
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
