import { queryOptions, useQuery } from '@tanstack/react-query';
import { Profile, profileFromWire, type SavedProfile } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { profileRoot } from '../../../lib/query-keys.ts';

/** One user's saved profile; sign-out forgets it (it is not one of the public query roots). */
export const profileQueryKey = (email: string) => [profileRoot, email] as const;

/** GET /api/userProfile/:email: the saved profile, or null before the first save. */
export async function getProfile(
  email: string,
  signal?: AbortSignal,
): Promise<SavedProfile | null> {
  const answer = await api(`/userProfile/${encodeURIComponent(email)}`, {
    schema: Profile,
    signal,
  });
  return answer && profileFromWire(answer);
}

export const profileQuery = (email: string) =>
  queryOptions({
    queryKey: profileQueryKey(email),
    queryFn: ({ signal }) => getProfile(email, signal),
  });

export function useProfile(email: string) {
  return useQuery(profileQuery(email));
}
