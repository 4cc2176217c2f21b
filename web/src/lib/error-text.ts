import { ApiError } from './api-client.ts';

/** The text to show for a failed request: the server's words, or a general one. */
export function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : 'Something went wrong. Please try again.';
}

/**
 * What a form shows under its fields: why the last request failed, else why its checks could
 * not run (react-hook-form's root error, e.g. lazyZodResolver offline), else nothing.
 */
export function formError(requestError: unknown, rootMessage: string | undefined): string | null {
  return requestError ? errorText(requestError) : (rootMessage ?? null);
}
