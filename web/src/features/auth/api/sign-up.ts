import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignUpBody } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import { refreshSession } from './get-session.ts';

export type SignUpInput = SignUpBody & {
  /** Same-origin path the mailed confirmation link returns to once it confirmed the address. */
  callbackURL?: string;
};

/**
 * POST /api/auth/sign-up/email: creates the account (with its display name), signs it in and
 * mails the link that confirms the address.
 */
export function signUp(body: SignUpInput) {
  return api('/auth/sign-up/email', { method: 'POST', body, schema: 'SignUpAnswer' });
}

/** Signs up, then loads the new session; resolves with it (null if the cookie did not stick). */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SignUpInput) => {
      await signUp(body);
      return refreshSession(queryClient);
    },
  });
}
