import type * as z from '@partsmith/contract/zod-subset';
import { checkAnswer } from './answer-check.ts';
import type { AnswerName, AnswerSchemas } from './answer-schemas.ts';

/**
 * An API failure with the message the page should show. `status` 0 means no answer at all.
 * `body` is the error answer as it came (a refused checkout names its lines there).
 */
export class ApiError extends Error {
  readonly status: number;
  // Declared only (no class field emitted): it costs the entry, which every page loads, less.
  declare readonly body: unknown;
  constructor(status: number, message: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
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

/**
 * The schema an answer must match: a zod schema, checked here, or the name of one of the
 * answers every page loads with (src/lib/answer-schemas.ts), checked in a worker
 * (src/lib/answer-check.ts): zod and the contract then stay off the main thread while the page
 * loads.
 */
export type SchemaSource = z.ZodType | AnswerName;

/** The value an answer parses to. */
export type Answer<S extends SchemaSource> = S extends AnswerName
  ? z.output<AnswerSchemas[S]>
  : S extends z.ZodType
    ? z.output<S>
    : never;

export interface ApiRequest<S extends SchemaSource> {
  schema: S;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A CSV file's text, sent as it is (text/csv) instead of a JSON `body`. */
  csv?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The server's own message for a 4xx (the contract's error body); ours for a 5xx. */
async function errorMessage(status: number, json: unknown): Promise<string> {
  // 5xx messages are generic on the server already; show our own friendlier text for them.
  if (status >= 500) return fallbackMessage(status);
  try {
    // Loaded on demand: the home page's first paint does not wait for zod and the contract.
    const { ApiError: ApiErrorBody } = await import('@partsmith/contract');
    const parsed = ApiErrorBody.safeParse(json);
    if (parsed.success) return parsed.data.message;
  } catch {
    // Could not load the contract: the status's own message still says what happened.
  }
  return fallbackMessage(status);
}

/**
 * How a request leaves: the browser's `fetch`. On the server, a page's loader puts in its own
 * (src/app/answers.server.ts), which answers from the API in the same process for the visitor
 * whose page it renders.
 */
type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);

/** Sends every request through `send` from now on (the server's loaders only). */
export function sendRequestsThrough(send: Transport): void {
  transport = send;
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

/**
 * The one way the web app talks to the server: same-origin JSON (or a CSV file) under /api, answers parsed with
 * the contract's schema, every failure turned into an ApiError carrying a message for people.
 */
export async function apiRequest<S extends SchemaSource>(
  path: string,
  { schema, method = 'GET', body, csv, headers, signal }: ApiRequest<S>,
): Promise<ApiResponse<Answer<S>>> {
  let response: Response;
  try {
    response = await transport(`/api${path}`, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(csv !== undefined
          ? { 'content-type': 'text/csv' }
          : body === undefined
            ? {}
            : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: csv ?? (body === undefined ? undefined : JSON.stringify(body)),
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
    throw new ApiError(response.status, await errorMessage(response.status, json), json);
  }

  let check: { success: boolean; data?: unknown };
  if (typeof schema === 'string') {
    try {
      const checked = await checkAnswer(schema, json);
      check = { success: checked.ok, data: checked.data };
    } catch {
      // The schemas could not load (offline, or a new release replaced the page's code).
      throw new ApiError(0, fallbackMessage(0));
    }
  } else {
    check = schema.safeParse(json);
  }
  if (!check.success) {
    throw new ApiError(response.status, 'The shop sent an answer this page does not understand.');
  }
  return { data: check.data as Answer<S>, headers: response.headers };
}

/** A file the API answered: its bytes, the name its content-disposition gives, its headers. */
export interface ApiFile {
  blob: Blob;
  filename: string | null;
  headers: Headers;
}

/**
 * A file from the API (a PDF, a CSV) read into the page, for a page that must know whether it
 * came before offering it: a failure is an ApiError with the server's message, as apiRequest's.
 */
export async function apiFile(path: string): Promise<ApiFile> {
  let response: Response;
  try {
    response = await transport(`/api${path}`, { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, fallbackMessage(0));
  }
  if (!response.ok) {
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      json = undefined;
    }
    throw new ApiError(response.status, await errorMessage(response.status, json), json);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  return {
    blob: await response.blob(),
    filename: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null,
    headers: response.headers,
  };
}

export async function api<S extends SchemaSource>(path: string, request: ApiRequest<S>) {
  return (await apiRequest(path, request)).data;
}
