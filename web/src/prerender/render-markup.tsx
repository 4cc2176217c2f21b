// Renders the app's routes at one path to HTML, for the build's prerendered first screens
// (prerender.tsx) and the server's signed-in pages (render-page.tsx).
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router';
import { AppProviders } from '../app/providers.tsx';

/**
 * The markup the app makes at `pathname`, or null when a route there redirects or fails. `client`
 * holds the answers the page shows (none: the navbar, lists and forms render their loading state,
 * the same markup the browser's first render makes before any answer). No hydration data: the
 * CSP forbids inline scripts, and the browser's app renders anew (docs/decisions/038).
 */
export async function renderMarkup(
  table: RouteObject[],
  pathname: string,
  client?: QueryClient,
): Promise<string | null> {
  const handler = createStaticHandler(table);
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response || context.errors) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  return cleaned(
    renderToString(
      <StrictMode>
        <AppProviders client={client}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StrictMode>,
    ),
  );
}

/**
 * Without what only hydration would use: React puts the `<title>` and image preloads it hoists
 * first (the HTML has the title, the server sends the page's preloads as a Link header,
 * docs/decisions/038), and marks each Suspense boundary left to the browser (the lazy forms show
 * their placeholder) with a `<template>`.
 */
const cleaned = (markup: string) =>
  markup
    .replace(/^(?:<link [^>]*\/>|<title>[^<]*<\/title>)+/, '')
    .replace(/<template[^>]*>[\s\S]*?<\/template>/g, '');
