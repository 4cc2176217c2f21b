import { useMutation } from '@tanstack/react-query';
import type { SocialProvider } from '@partsmith/contract';
import { api, ApiError } from '../../../lib/api-client.ts';

export interface SocialSignInInput {
  provider: SocialProvider;
  /** Same-origin path to land on once signed in. */
  callbackURL: string;
  /** Same-origin path the provider comes back to with ?error=CODE. */
  errorCallbackURL: string;
}

/**
 * Asks the server for the provider's sign-in address (POST /api/auth/sign-in/social for every
 * provider; Google is registered through Better Auth's generic OAuth plugin as a social one).
 */
export async function startSocialSignIn({
  provider,
  callbackURL,
  errorCallbackURL,
}: SocialSignInInput): Promise<string> {
  const answer = await api('/auth/sign-in/social', {
    method: 'POST',
    body: { provider, callbackURL, errorCallbackURL },
    schema: 'RedirectAnswer',
  });
  // Only ever leave for a web address, never a javascript: or data: URL.
  let url: URL;
  try {
    url = new URL(answer.url, window.location.origin);
  } catch {
    throw new ApiError(200, 'The shop sent an answer this page does not understand.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ApiError(200, 'The shop sent an answer this page does not understand.');
  }
  return url.href;
}

/** Full-page redirect to the provider; the page stays busy until the browser leaves. */
export function useSocialSignIn() {
  return useMutation({
    mutationFn: async (input: SocialSignInInput) => {
      const url = await startSocialSignIn(input);
      window.location.href = url;
      return url;
    },
  });
}
