import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client.ts';
import { clearUserData, sessionQueryKey } from './get-session.ts';

/** POST /api/auth/sign-out: clears the session cookie. A 401 means it is gone already. */
export async function signOut() {
  try {
    // The navbar's Sign Out is on every page: its answer is checked off the main thread too.
    return await api('/auth/sign-out', { method: 'POST', body: {}, schema: 'SignOutAnswer' });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { success: true };
    throw error;
  }
}

/** Forgets the signed-in user in this tab: cached user data, the session, the spec's token. */
export function forgetUser(queryClient: QueryClient) {
  // The spec's Sign Out also removes its stored accessToken (docs/spec.md, States and
  // transitions); an older tab may still hold one.
  try {
    localStorage.removeItem('accessToken');
  } catch {
    // Storage may be blocked; nothing is kept there by this app anyway.
  }
  clearUserData(queryClient);
  queryClient.setQueryData(sessionQueryKey, null);
}

export interface UseSignOutOptions {
  /**
   * Runs after the server ended the session and before this tab forgets the user. Leave
   * signed-in pages here (navigate away), so their guards do not react to the sign-out first.
   */
  onSignedOut?: () => unknown;
  onError?: (error: Error) => void;
}

/**
 * Sign Out as the navbar and the guards use it: the mutation is pending until the tab has
 * forgotten the user.
 */
export function useSignOut({ onSignedOut, onError }: UseSignOutOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      try {
        await onSignedOut?.();
      } finally {
        forgetUser(queryClient);
      }
    },
    onError,
  });
}
