import { href } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordBody } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/auth/request-password-reset. The answer is the same whether or not the account
 * exists, so it never tells anyone which e-mails have accounts.
 */
export function requestPasswordReset({ email }: ForgotPasswordBody) {
  return api('/auth/request-password-reset', {
    method: 'POST',
    body: { email, redirectTo: href('/reset-password') },
    schema: 'StatusAnswer',
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
