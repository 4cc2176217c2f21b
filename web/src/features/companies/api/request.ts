import * as z from '@partsmith/contract/zod-subset';
import { api, ApiError, type SchemaSource } from '../../../lib/api-client.ts';

/** Any JSON answer: the organization plugin's answers are not read, only their success. */
export const AnyAnswer = z.unknown();

/**
 * A call to Better Auth's organization plugin (/api/auth/organization/*). Its errors are
 * `{ code, message }`, not the shop's error body, so api() falls back to a general text: the
 * plugin's own message is taken from the body instead (the wrong account, an expired invitation,
 * a customer already in a company).
 */
export async function organizationCall<S extends SchemaSource>(
  path: string,
  request: { schema: S; method?: 'GET' | 'POST'; body?: unknown; signal?: AbortSignal },
) {
  try {
    return await api(`/auth/organization/${path}`, request);
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      const body = error.body as { message?: unknown } | undefined;
      if (typeof body?.message === 'string' && body.message) {
        throw new ApiError(error.status, body.message, error.body);
      }
    }
    throw error;
  }
}
