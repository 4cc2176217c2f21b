import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInBody } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { refreshSession } from './get-session.ts';

/** POST /api/auth/sign-in/email: sets the session cookie on success. */
export function signIn(body: SignInBody) {
  return api('/auth/sign-in/email', { method: 'POST', body, schema: 'SignInAnswer' });
}

/** Signs in, then loads the new session; resolves with it (null if the cookie did not stick). */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SignInBody) => {
      await signIn(body);
      return refreshSession(queryClient);
    },
  });
}
