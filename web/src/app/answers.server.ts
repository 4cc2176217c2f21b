// What a page's server loader asks the API for, on the server only (docs/decisions/058): the
// answers go into a query cache of the request's own, dehydrated into the page's loader data;
// the browser's cache takes them in (root.tsx) and the page's queries show them at once.
import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { data, type AppLoadContext } from 'react-router';
import { ApiError, sendRequestsThrough } from '../lib/api-client.ts';
import type { SessionAnswer } from '@partsmith/contract';
import { getSession, sessionQuery } from '../features/auth/api/get-session.ts';
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
    try {
      await loading.run(send, () => ask(client));
    } catch {
      // An answer that could not be had (the session's, asked with fetchQuery): the page renders
      // its loading state and the browser asks again, as for any page without answers.
      return { answers: null };
    }
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
 * Asks for the signed-in buyer's answers (`ask` with their e-mail) once the session says who that
 * is. With nobody signed in the page has no answers: it renders its loading state, and in the
 * browser its guard sends the visitor to sign in (a redirect on the server would lose where they
 * were going).
 */
export async function forSignedInBuyer(
  context: AppLoadContext,
  ask: (client: QueryClient, email: string) => Promise<unknown>,
): Promise<PageAnswers> {
  let signedIn = false;
  const answers = await answersFor(context, async (client) => {
    const session = await client.fetchQuery(sessionQuery());
    signedIn = session !== null;
    if (session) await ask(client, session.user.email);
  });
  return signedIn ? answers : { answers: null };
}

/**
 * Whether a visitor is signed in, for a guard's loader: the session, null when signed out, or
 * undefined when it cannot be told (the build's prerender, or the session's answer failed).
 */
export async function sessionOf(context: AppLoadContext): Promise<SessionAnswer | undefined> {
  const send = context.send;
  if (!send) return undefined;
  try {
    return await loading.run(send, () => getSession());
  } catch {
    return undefined;
  }
}
