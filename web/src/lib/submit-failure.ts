import { useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from './api-client.ts';

/** The last submit failed; `detail` holds the server's words, if it said why. */
export interface Failure {
  detail: string | null;
}

/**
 * A form's failed submit: `fail` toasts `failedText` with the server's words (an ApiError's
 * message) and keeps them in `failure` for the form to show; `clear` forgets them.
 */
export function useSubmitFailure(failedText: string) {
  const [failure, setFailure] = useState<Failure | null>(null);
  const fail = (error: unknown) => {
    const detail = error instanceof ApiError ? error.message : null;
    setFailure({ detail });
    toast.error(failedText, detail ? { description: detail } : undefined);
  };
  return { failure, fail, clear: () => setFailure(null) };
}
