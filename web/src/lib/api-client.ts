import type { z } from 'zod';
import { ApiError as ApiErrorBody } from '@partsmith/contract';

/** An API failure with the message the page should show. `status` 0 means no answer at all. */
export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

const FALLBACK_MESSAGES: Record<number, string> = {
  0: 'Cannot reach the shop. Check your connection and try again.',
  401: 'Please sign in to continue.',
  403: 'You are not allowed to do that.',
  404: 'We could not find that.',
  409: 'That changed in the meantime. Please reload and try again.',
  413: 'That file is too large.',
  429: 'Too many attempts. Please wait a moment and try again.',
};

function fallbackMessage(status: number): string {
  return FALLBACK_MESSAGES[status] ?? 'Something went wrong on our side. Please try again.';
}

export interface ApiRequest<S extends z.ZodType> {
  schema: S;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

/**
 * The one way the web app talks to the server: same-origin JSON under /api, answers parsed with
 * the contract's schema, every failure turned into an ApiError carrying a message for people.
 */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  { schema, method = 'GET', body, headers, signal }: ApiRequest<S>,
): Promise<ApiResponse<z.infer<S>>> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, fallbackMessage(0));
  }

  const text = await response.text();
  let json: unknown = undefined;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }

  if (!response.ok) {
    const parsed = ApiErrorBody.safeParse(json);
    // 5xx messages are generic on the server already; show our own friendlier text for them.
    const message =
      parsed.success && response.status < 500
        ? parsed.data.message
        : fallbackMessage(response.status);
    throw new ApiError(response.status, message);
  }

  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new ApiError(response.status, 'The shop sent an answer this page does not understand.');
  }
  return { data: parsed.data, headers: response.headers };
}

export async function api<S extends z.ZodType>(path: string, request: ApiRequest<S>) {
  return (await apiRequest(path, request)).data;
}
