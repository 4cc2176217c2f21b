import type { WindowCounter } from '../lib/rate-limit-store.ts';

const WINDOW_SECONDS = 60;
const MAX_FAILURES = 3;

export interface SignInLimiter {
  windowSeconds: number;
  /**
   * Counts one sign-in attempt for the account before its password is checked, atomically
   * across instances: refused (429 for as many seconds as `retryAfter`) once the attempts in
   * the window pass the limit.
   */
  take(email: string): Promise<{ allowed: boolean; retryAfter: number }>;
  /** Gives back an attempt that was not a guess (a malformed request, another limit's 429). */
  release(email: string): Promise<void>;
  /** A successful sign-in or a completed password reset clears the account's failures. */
  reset(email: string): Promise<void>;
}

const key = (email: string) => `sign-in-failures:${email.trim().toLowerCase()}`;

/**
 * Failed sign-ins counted per account (not per address), where every instance counts together:
 * of the attempts within a minute, the first 3 are checked and the 4th is refused with 429
 * whatever address it comes from, until that minute has passed. The window is fixed from its
 * first attempt: refused attempts do not extend it, so nobody can keep an owner locked out by
 * guessing on. Counting before the check means simultaneous guesses cannot slip past.
 */
export function createSignInLimiter(counter: WindowCounter): SignInLimiter {
  return {
    windowSeconds: WINDOW_SECONDS,
    async take(email) {
      const { count, secondsLeft } = await counter.hit(key(email), WINDOW_SECONDS);
      return { allowed: count <= MAX_FAILURES, retryAfter: secondsLeft };
    },
    release: (email) => counter.release(key(email)),
    reset: (email) => counter.reset(key(email)),
  };
}
