import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { Params, RouteObject } from 'react-router';
import type { PagePreload } from '@partsmith/contract/pages';
import {
  dashboardLayout,
  notFound,
  pages,
  requireAdmin,
  requireUser,
  type PageRoute,
} from 'virtual:pages';
import { RouteError } from '../components/ui/route-error.tsx';
import { sessionQuery } from '../features/auth/api/get-session.ts';
import { partsInfiniteQuery } from '../features/home/api/get-parts.ts';
import { PageLoading } from '../components/ui/spinner.tsx';
import { RootLayout } from './layout/root-layout.tsx';

/**
 * A route's `handle.prefetch`: asks for the answers its page shows while the app starts, beside
 * the page's code instead of after its first render (docs/decisions/038). Called by app/start.tsx
 * for the routes matched when the app opens; the answers go into the query cache the page
 * reads. The API modules are imported on demand, so the entry does not carry them.
 */
export type RouteHandle = { prefetch?: (client: QueryClient, params: Params) => Promise<unknown> };
type Prefetch = NonNullable<RouteHandle['prefetch']>;

/**
 * Prefetches a page's query for the signed-in user (`queryFor(email)`, picked from a module
 * loaded on demand) once the session says who that is.
 */
function forSignedInUser<TModule, TData, TKey extends QueryKey>(
  load: () => Promise<TModule>,
  pick: (module: TModule) => (email: string) => FetchQueryOptions<TData, Error, TData, TKey>,
): Prefetch {
  return async (client) => {
    const [session, module] = await Promise.all([client.fetchQuery(sessionQuery()), load()]);
    if (session) await client.prefetchQuery(pick(module)(session.user.email));
  };
}

/** One of the catalogue's prefetches (catalogue-prefetch.ts, loaded on demand), by name. */
const catalogue =
  (name: 'part' | 'search'): Prefetch =>
  async (client, params) =>
    (await import('./catalogue-prefetch.ts'))[name](client, params);

/** How each answer a page names in the page table (contract/src/pages.ts) is asked for. */
const PREFETCH: Record<PagePreload, Prefetch> = {
  // The home page's first page of parts (its list is in the app's own chunk).
  parts: (client) => client.prefetchInfiniteQuery(partsInfiniteQuery()),
  // /login's social sign-in icons: in the cache before the first render, the answer does not land
  // in the middle of the page's start and render it again.
  'auth-providers': (client) =>
    import('../features/auth/api/providers.ts').then((m) =>
      client.prefetchQuery(m.authProvidersQuery()),
    ),
  part: catalogue('part'),
  search: catalogue('search'),
  'admin-check': forSignedInUser(
    () => import('../features/auth/api/admin-check.ts'),
    (m) => m.adminCheckQuery,
  ),
  'my-orders': forSignedInUser(
    () => import('../features/orders/api/get-orders.ts'),
    (m) => m.myOrdersQuery,
  ),
  // One cart per session, whoever the buyer is: the query's key names nobody.
  cart: forSignedInUser(
    () => import('../features/cart/api/get-cart.ts'),
    (m) => m.cartQuery,
  ),
};

/** A page of the table as a route: its component or loader, its error page, its preloads. */
function pageRoute({ path, Component, lazy, preloads = [] }: PageRoute): RouteObject {
  const handle: RouteHandle = {
    prefetch: (client, params) =>
      Promise.all(preloads.map((name) => PREFETCH[name](client, params))),
  };
  return { path, Component, lazy, ErrorBoundary: RouteError, handle };
}

/**
 * The page table (contract/src/pages.ts) as the router's tree. Every page but the home page is
 * loaded on demand, and so is everything the home page does not show at first paint
 * (docs/decisions/038). Signed-in pages sit under the RequireUser guard, the dashboard's inside
 * its layout, admin pages under RequireAdmin there; the guards and the layout load on demand like
 * the pages they frame. Each page loaded on demand shows PageLoading inside the layout while it is
 * on its way when opened directly: the same markup as the prerendered shell (docs/decisions/038),
 * so the navbar and footer painted before any script stay where they are.
 */
export const routes: RouteObject[] = withPageLoading([
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    children: [
      ...pages.public.map(pageRoute),
      {
        lazy: requireUser,
        ErrorBoundary: RouteError,
        children: [
          ...pages.user.map(pageRoute),
          {
            lazy: dashboardLayout,
            ErrorBoundary: RouteError,
            children: [
              ...pages.dashboard.map(pageRoute),
              {
                lazy: requireAdmin,
                ErrorBoundary: RouteError,
                children: pages.admin.map(pageRoute),
              },
            ],
          },
        ],
      },
      { path: '*', ErrorBoundary: RouteError, lazy: notFound },
    ],
  },
]);

/** The root's children loaded on demand get PageLoading as their HydrateFallback. */
function withPageLoading([root, ...rest]: RouteObject[]): RouteObject[] {
  if (!root) return rest;
  const children = root.children?.map((child) =>
    child.lazy ? { ...child, HydrateFallback: PageLoading } : child,
  );
  return [{ ...root, children } as RouteObject, ...rest];
}
