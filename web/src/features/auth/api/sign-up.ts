import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignUpBody } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { refreshSession } from './get-session.ts';

/** POST /api/auth/sign-up/email: creates the account (with its display name) and signs it in. */
export function signUp(body: SignUpBody) {
  return api('/auth/sign-up/email', { method: 'POST', body, schema: 'SignUpAnswer' });
}

/** Signs up, then loads the new session; resolves with it (null if the cookie did not stick). */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SignUpBody) => {
      await signUp(body);
      return refreshSession(queryClient);
    },
  });
}
