import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
// The DOM RouterProvider: navigate(..., { flushSync: true }) needs it (used by Sign Out).
import { RouterProvider } from 'react-router/dom';
import { routes } from './route-table.tsx';

type DataRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Loads the pages (and guards) matched at `pathname` that load on demand, and puts them into
 * their routes, as react-router's guide for prerendered pages does: the app's first render then
 * shows the page itself, the same markup as its prerendered screen, not its loading state
 * (docs/decisions/016). Their chunks are already on the way: the server's `Link` header
 * preloads them with the page. A chunk that fails to load is left to the route's `lazy` (and
 * its error page) when the router tries again.
 */
export async function resolveMatchedPages(table: RouteObject[], pathname: string) {
  const lazy = (matchRoutes(table, pathname) ?? []).filter((m) => m.route.lazy);
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

/** The app's router, made once the matched pages are in (see resolveMatchedPages). */
export async function createAppRouter(): Promise<DataRouter> {
  await resolveMatchedPages(routes, window.location.pathname);
  return createBrowserRouter(routes);
}

export function AppRouter({ router }: { router: DataRouter }) {
  return <RouterProvider router={router} />;
}
