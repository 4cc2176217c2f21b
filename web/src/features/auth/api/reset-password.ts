import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface ResetPasswordInput {
  newPassword: string;
  token: string;
}

/** POST /api/auth/reset-password: 400 "Invalid token" when the link is used or expired. */
export function resetPassword(body: ResetPasswordInput) {
  return api('/auth/reset-password', { method: 'POST', body, schema: 'StatusAnswer' });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
