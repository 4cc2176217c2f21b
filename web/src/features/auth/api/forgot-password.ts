import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordBody } from '@partsmith/contract';
import { api } from '../../../lib/api-client.ts';
import * as paths from 'virtual:page-paths';

/**
 * POST /api/auth/request-password-reset. The answer is the same whether or not the account
 * exists, so it never tells anyone which e-mails have accounts.
 */
export function requestPasswordReset({ email }: ForgotPasswordBody) {
  return api('/auth/request-password-reset', {
    method: 'POST',
    body: { email, redirectTo: paths.resetPassword },
    schema: 'StatusAnswer',
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
