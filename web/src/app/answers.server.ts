// What a page's server loader asks the API for, on the server only (docs/decisions/058): the
// answers go into a query cache of the request's own, dehydrated into the page's loader data;
// the browser's cache takes them in (root.tsx) and the page's queries show them at once.
import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { data, type AppLoadContext } from 'react-router';
import { ApiError, sendRequestsThrough } from '../lib/api-client.ts';
import type { SessionAnswer } from '@partsmith/contract';
import { getSession, sessionQueryKey } from '../features/auth/api/get-session.ts';
import type { Send } from './load-context.ts';
import { makeQueryClient } from './providers.tsx';

/** Whose requests the current loader sends: each request's loaders run in their own context. */
const loading = new AsyncLocalStorage<Send>();
// Outside a loader (a test that imports a route module), requests leave through fetch as before.
sendRequestsThrough((url, init) => (loading.getStore() ?? fetch)(url, init));

/** A page's loader data: the answers it showed on the server (none when prerendered). */
export type PageAnswers = { answers: DehydratedState | null };

/** A query failed with 404 or 400: the page's subject does not exist (a part no longer sold). */
const notFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * Asks `ask` for the page's answers with the API in the same process (`context.send`, the
 * server's own routes with the visitor's cookie), and dehydrates what came. Without an API (the
 * build's prerender) the page has no answers. A subject that does not exist is the 404 page.
 */
export async function answersFor(
  context: AppLoadContext,
  ask: (client: QueryClient) => Promise<unknown>,
): Promise<PageAnswers> {
  const send = context.send;
  if (!send) return { answers: null };
  const client = makeQueryClient();
  try {
    // Prefetches: an answer that fails is left out, and the browser's query asks again.
    await loading.run(send, () => ask(client));
    if (
      client
        .getQueryCache()
        .getAll()
        .some((query) => notFound(query.state.error))
    ) {
      throw data(null, { status: 404 });
    }
    return { answers: dehydrate(client) };
  } finally {
    client.clear();
  }
}

/**
 * Asks for the signed-in buyer's answers (`ask` with their e-mail), beside their session. With
 * nobody signed in (or no session to be had) the page has no answers: the guard's loader sends a
 * visitor to sign in first (layouts/require-user.tsx).
 */
export async function forSignedInBuyer(
  context: AppLoadContext,
  ask: (client: QueryClient, email: string) => Promise<unknown>,
): Promise<PageAnswers> {
  const session = await sessionOf(context);
  if (!session) return { answers: null };
  return answersFor(context, async (client) => {
    client.setQueryData(sessionQueryKey, session);
    await ask(client, session.user.email);
  });
}

/** Each page request's session, asked once: its guard's loader and its page's share it. */
const sessions = new WeakMap<AppLoadContext, Promise<SessionAnswer | undefined>>();

/**
 * Whether a visitor is signed in: the session, null when signed out, or undefined when it cannot
 * be told (the build's prerender, or the session's answer failed).
 */
export function sessionOf(context: AppLoadContext): Promise<SessionAnswer | undefined> {
  let asked = sessions.get(context);
  if (!asked) {
    asked = askSession(context);
    sessions.set(context, asked);
  }
  return asked;
}

async function askSession(context: AppLoadContext): Promise<SessionAnswer | undefined> {
  const send = context.send;
  if (!send) return undefined;
  try {
    return await loading.run(send, () => getSession());
  } catch {
    return undefined;
  }
}
