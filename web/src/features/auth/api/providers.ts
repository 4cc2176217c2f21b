import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { authProvidersRoot } from '../../../lib/query-keys.ts';

/** GET /api/auth-providers: which social sign-ins this shop has keys for. */
export function getAuthProviders(signal?: AbortSignal) {
  return api('/auth-providers', { schema: 'AuthProviders', signal });
}

export const authProvidersQuery = () =>
  queryOptions({
    queryKey: [authProvidersRoot],
    queryFn: ({ signal }) => getAuthProviders(signal),
    staleTime: 5 * 60_000,
  });

export function useAuthProviders() {
  return useQuery(authProvidersQuery());
}
