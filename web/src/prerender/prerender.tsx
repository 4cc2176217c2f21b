// Server entry of the build's prerender step (scripts/prerender.mjs, docs/decisions/038): renders
// the first screens of the app as the browser shows them before any data has arrived, so that
// the HTML paints them before the entry script has downloaded and run.
import type { RouteObject } from 'react-router';
import { RootLayout } from '../app/layout/root-layout.tsx';
import { PageLoading } from '../components/ui/spinner.tsx';
import { routes } from '../app/route-table.tsx';
import { markPrerendering } from '../lib/lazy-component.ts';
import { NOT_FOUND_PATH, PRERENDERED_PAGES, PRERENDERED_TITLES } from './pages.ts';
import { renderMarkup } from './render-markup.tsx';

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
  const markup = await renderMarkup(table, pathname);
  if (markup === null) throw new Error(`prerender: ${pathname} redirects or fails to render`);
  return markup;
}

export { NOT_FOUND_PATH, PRERENDERED_PAGES, PRERENDERED_TITLES };
export { renderPage, SERVER_RENDERED_PAGES } from './render-page.tsx';

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
