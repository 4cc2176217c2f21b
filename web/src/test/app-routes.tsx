import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { RouteError } from '../components/ui/route-error.tsx';
import { RootLayout } from '../app/layout/root-layout.tsx';
import routeConfig from '../app/routes.ts';
import { vi } from 'vitest';

/** The route modules and layouts app/routes.ts names (by `file`), each loaded when first asked for. */
const modules = import.meta.glob<{ default: ComponentType }>([
  '../app/routes/*.tsx',
  '../app/layouts/*.tsx',
  '!**/*.test.tsx',
]);

/**
 * One entry of routes.ts as the router's route: its path and id, its module's default export as
 * the Component, loaded on demand (`lazy`) as the framework loads a route's module. The module's
 * loader and clientLoader are left out: the pages ask for their answers themselves (TanStack
 * Query) and the tests answer with a mocked fetch.
 */
function routeOf(entry: RouteConfigEntry): RouteObject {
  const load = modules[`../app/${entry.file}`];
  if (!load) throw new Error(`app/routes.ts names ${entry.file}, which is not in app/`);
  const lazy = async () => ({ Component: (await load()).default });
  if (entry.index) return { id: entry.id, index: true, lazy };
  return { id: entry.id, path: entry.path, lazy, children: entry.children?.map(routeOf) };
}

/**
 * The app's route tree as app/routes.ts declares it (the pages' paths from the contract's PAGES):
 * root.tsx's RootLayout around every page, the RequireUser, dashboard and RequireAdmin layouts
 * around theirs. Like root.tsx's ErrorBoundary, a page that fails shows RouteError in the layout.
 * A new tree each call: a router resolves its lazy routes in its own copy.
 */
export function appRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: () => (
        <RootLayout>
          <RouteError />
        </RootLayout>
      ),
      // Nothing until the opened page's modules are in (the server renders it in the app).
      HydrateFallback: () => null,
      children: routeConfig.map(routeOf),
    },
  ];
}

/** A query client for tests: a failed answer is not asked for again. */
export const testQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

/**
 * Opens the app at `path` (a memory router over appRoutes()), with a fresh query client unless
 * given one. Returns the router (its location) and the client. jsdom does not scroll: the
 * layout's ScrollRestoration scrolls nothing (a spy, restored with the test's mocks).
 */
export function renderApp(path: string, client: QueryClient = testQueryClient()) {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, client, view };
}
