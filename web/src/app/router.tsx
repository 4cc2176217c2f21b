import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { sessionQuery } from '../features/auth/api/get-session.ts';
import type { RouteHandle } from './route-table.tsx';
import { nextTask } from '../lib/next-task.ts';
// The DOM RouterProvider: navigate(..., { flushSync: true }) needs it (used by Sign Out).
import { RouterProvider } from 'react-router/dom';
import { routes } from './route-table.tsx';

type DataRouter = ReturnType<typeof createBrowserRouter>;

const matched = new WeakMap<RouteObject[], { pathname: string; matches: RouteMatches }>();
type RouteMatches = NonNullable<ReturnType<typeof matchRoutes>>;

/**
 * `matchRoutes`, once per table for the last path asked about: the app's start asks for the same
 * page's matches twice (its answers, its chunks), and each call ranks every route and builds
 * their patterns anew. One path only: the server's page renderer asks for many.
 */
function matchesAt(table: RouteObject[], pathname: string): RouteMatches {
  const last = matched.get(table);
  if (last?.pathname === pathname) return last.matches;
  const matches = matchRoutes(table, pathname) ?? [];
  matched.set(table, { pathname, matches });
  return matches;
}

/**
 * Loads the pages (and guards) matched at `pathname` that load on demand, and puts them into
 * their routes, as react-router's guide for prerendered pages does: the app's first render then
 * shows the page itself, the same markup as its prerendered screen, not its loading state
 * (docs/decisions/038). Their chunks are already on the way: the server's `Link` header
 * preloads them with the page. A chunk that fails to load is left to the route's `lazy` (and
 * its error page) when the router tries again.
 */
export async function resolveMatchedPages(table: RouteObject[], pathname: string) {
  const lazy = matchesAt(table, pathname).filter((m) => m.route.lazy);
  await Promise.all(
    lazy.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      try {
        Object.assign(route, { ...(await route.lazy()), lazy: undefined });
      } catch {
        // The router's own lazy call retries and shows the route's error page if it fails.
      }
    }),
  );
}

/**
 * Asks for what the page at `pathname` will show, at once: the session (every page's navbar) and
 * each matched route's `handle.prefetch`. Resolves once every answer is in the cache (or has
 * failed). Failures are left to the page's own query, which asks again and shows the error.
 */
export function prefetchPage(
  client: QueryClient,
  table: RouteObject[],
  pathname: string,
): Promise<void> {
  const asked: Promise<unknown>[] = [client.prefetchQuery(sessionQuery())];
  for (const { route, params } of matchesAt(table, pathname)) {
    const prefetch = (route.handle as RouteHandle | undefined)?.prefetch;
    if (prefetch) asked.push(prefetch(client, params));
  }
  return Promise.allSettled(asked).then(() => undefined);
}

/** The app's router, made once the matched pages are in (see resolveMatchedPages). */
export async function createAppRouter(): Promise<DataRouter> {
  await resolveMatchedPages(routes, window.location.pathname);
  // The pages' modules ran in the task that loaded them; the router is made in a task of its own
  // (docs/decisions/038).
  await nextTask();
  return createBrowserRouter(routes);
}

export function AppRouter({ router }: { router: DataRouter }) {
  return <RouterProvider router={router} />;
}
