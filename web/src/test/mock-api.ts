import { vi } from 'vitest';

/** A JSON answer as the server sends it. */
export function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** The server's error shape ({ statusCode, error, message }). */
export function apiError(status: number, message: string, error = 'Error') {
  return json({ statusCode: status, error, message }, status);
}

export interface ApiCall {
  method: string;
  path: string;
  /** The query string, with its `?`; absent when the URL has none. */
  search?: string;
  body: unknown;
}

type Answer = Response | Promise<Response>;
export type Routes = Record<string, (call: ApiCall) => Answer>;

/**
 * Mocks fetch for tests, answering per "METHOD /path" (path without the query string).
 * Unknown routes answer 404 so a missing mock shows up as a failure, never as a hang.
 */
export function mockApi(routes: Routes) {
  const calls: ApiCall[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = {
      method,
      path: url.pathname,
      ...(url.search ? { search: url.search } : {}),
      body,
    };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    return handler ? handler(call) : apiError(404, `No mock for ${method} ${url.pathname}`);
  });
  return {
    spy,
    calls,
    callsTo: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path === path),
  };
}

export const SESSION_EXPIRES = '2030-01-01T00:00:00.000Z';

/** A GET /api/auth/get-session answer for the given user (a confirmed address unless told). */
export function sessionFor(user: {
  name: string;
  email: string;
  image?: string | null;
  role?: 'admin' | 'customer';
  emailVerified?: boolean;
}) {
  return {
    user: { id: 'u1', role: 'customer', image: null, emailVerified: true, ...user },
    session: { expiresAt: SESSION_EXPIRES },
  };
}

/**
 * Tests render the router with react-router's RouterProvider (the /dom one loads a second copy of
 * the router under Vitest), so navigate's `flushSync` option only warns here; the app uses it.
 */
export function silenceFlushSyncWarning() {
  const warn = console.warn.bind(console);
  return vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('`flushSync` option')) return;
    warn(...args);
  });
}
