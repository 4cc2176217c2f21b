import { href } from 'react-router';

/** Pages that make no sense to come back to after signing in. */
const NO_RETURN = [href('/login'), href('/reset-password')];

/**
 * A path inside this shop, or null. Only same-origin paths count: they start with one '/'
 * (not '//' or '/\', which browsers read as another host) and hold no control characters.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return null;
  }
  const pathname = value.split(/[?#]/, 1)[0] ?? '';
  if (NO_RETURN.some((page) => pathname === page || pathname.startsWith(`${page}/`))) return null;
  return value;
}

/**
 * Where to go after signing in: the guard's `state.from`, else a `?from=` parameter (used when a
 * provider sends the visitor back), else the home page.
 */
export function returnPathFrom(state: unknown, search: URLSearchParams): string {
  const fromState =
    state && typeof state === 'object' && 'from' in state ? safeReturnPath(state.from) : null;
  return fromState ?? safeReturnPath(search.get('from')) ?? href('/');
}

/** Better Auth's error codes on the way back from a provider, in words for people. */
const PROVIDER_ERRORS: Record<string, string> = {
  access_denied: 'Sign-in was cancelled at the provider. Try again or use your e-mail.',
  account_not_linked:
    'An account with that e-mail already exists. Sign in with your password first.',
  email_not_found: 'The provider did not share an e-mail address, which this shop needs.',
  "email_doesn't_match": 'The provider account has a different e-mail than yours.',
  signup_disabled: 'New accounts cannot be created with this provider right now.',
  state_mismatch: 'The sign-in took too long or was opened in another tab. Please try again.',
  please_restart_the_process: 'The sign-in took too long. Please try again.',
  unable_to_link_account: 'That provider account could not be linked to your account.',
  unable_to_get_user_info: 'The provider did not send your profile. Please try again.',
};

/** The pill text for `?error=CODE`, or null without one. */
export function providerErrorMessage(code: string | null): string | null {
  if (!code) return null;
  const known = PROVIDER_ERRORS[code.toLowerCase()];
  if (known) return known;
  const shown = code.replace(/[^\w' -]/g, ' ').slice(0, 80);
  return `Sign-in with the provider failed: ${shown}`;
}
