import { useState } from 'react';
import { api, ApiError } from '../../../lib/api-client.ts';

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

export type ResendState =
  | { status: 'idle' | 'pending' | 'sent'; message?: undefined }
  | { status: 'failed'; message: string };

/**
 * "Send the link again": `send()` and where it is. Not TanStack's `useMutation`, like Sign Out
 * (sign-out.ts): the notice lives in the signed-in pages' guard chunk (guards.tsx), which then
 * needs no chunk of its own for it.
 */
export function useSendVerificationEmail() {
  const [state, setState] = useState<ResendState>({ status: 'idle' });
  const send = (input: ResendVerificationInput) => {
    setState({ status: 'pending' });
    sendVerificationEmail(input).then(
      () => setState({ status: 'sent' }),
      (error: unknown) =>
        setState({
          status: 'failed',
          message:
            error instanceof ApiError ? error.message : 'Something went wrong. Please try again.',
        }),
    );
  };
  return { ...state, send };
}
