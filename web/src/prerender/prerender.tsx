// Server entry of the build's prerender step (scripts/prerender.mjs, docs/decisions/015): renders
// the first screens of the app as the browser shows them before any data has arrived, so that
// the HTML paints them before the entry script has downloaded and run.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router';
import { RootLayout } from '../app/layout/root-layout.tsx';
import { PageLoading } from '../components/ui/spinner.tsx';
import { AppProviders } from '../app/providers.tsx';
import { routes } from '../app/route-table.tsx';
import { markPrerendering } from '../lib/lazy-component.ts';
import { NOT_FOUND_PATH, PRERENDERED_PAGES, PRERENDERED_TITLES } from './pages.ts';

// Parts loaded after the first paint stay on their way on every prerendered page, as in the
// browser's first render (src/lib/lazy-component.ts).
markPrerendering();

/**
 * The generic shell: the layout with PageLoading in its main, as the app shows any page loaded
 * on demand while it is on its way. Rendered at a path no navbar link is active on.
 */
const SHELL_ROUTES: RouteObject[] = [
  { path: '/', Component: RootLayout, children: [{ path: '*', Component: PageLoading }] },
];

async function render(table: RouteObject[], pathname: string): Promise<string> {
  const handler = createStaticHandler(table);
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response) throw new Error(`prerender: ${pathname} redirects`);
  if (context.errors) throw new Error(`prerender: ${pathname} failed to render`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return cleaned(
    // No session, no catalogue: the navbar, lists and forms render their loading state, the same
    // markup the browser's first render makes. No hydration data (the CSP forbids inline scripts).
    renderToString(
      <StrictMode>
        <AppProviders>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StrictMode>,
    ),
  );
}

/**
 * Without what only hydration would use: React puts the `<title>` and image preloads it hoists
 * first (index.html has the title, the server sends the hero preload as a Link header,
 * docs/decisions/013), and marks each Suspense boundary left to the browser (the lazy forms show
 * their placeholder) with a `<template>`.
 */
const cleaned = (markup: string) =>
  markup
    .replace(/^(?:<link [^>]*\/>|<title>[^<]*<\/title>)+/, '')
    .replace(/<template[^>]*>[\s\S]*?<\/template>/g, '');

export { NOT_FOUND_PATH, PRERENDERED_PAGES, PRERENDERED_TITLES };

/**
 * The markup to put in `#root`: each prerendered page's, the 404 page's and the shell of every
 * other page.
 */
export async function prerenderPages(): Promise<{
  pages: Record<string, string>;
  notFound: string;
  shell: string;
}> {
  const pages: Record<string, string> = {};
  for (const pathname of Object.keys(PRERENDERED_PAGES)) {
    pages[pathname] = await render(routes, pathname);
  }
  return {
    pages,
    notFound: await render(routes, NOT_FOUND_PATH),
    shell: await render(SHELL_ROUTES, '/_shell'),
  };
}
