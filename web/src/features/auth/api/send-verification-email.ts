import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface ResendVerificationInput {
  email: string;
  /** Same-origin path the new link returns to once it has confirmed the address. */
  callbackURL: string;
}

/**
 * POST /api/auth/send-verification-email: mails the confirmation link again. Rate limited: a 429
 * carries the server's message (how long to wait).
 */
export function sendVerificationEmail(body: ResendVerificationInput) {
  return api('/auth/send-verification-email', { method: 'POST', body, schema: 'StatusAnswer' });
}

/** "Send the link again". */
export function useSendVerificationEmail() {
  return useMutation({ mutationFn: sendVerificationEmail });
}
