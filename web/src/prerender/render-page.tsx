// The server's rendering of a signed-in page (docs/decisions/038): the page as the buyer's browser
// shows it once the session and the page's answers are in, so that the HTML paints the page
// itself (the part and its picture, the orders) before the app has downloaded and run.
// Built with the prerender step into web/dist-server; the API server imports it
// (server/src/modules/site/page-render.ts) and answers its requests from the API in-process.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath, type Params } from 'react-router';
import { PAGES, type PageId } from '@partsmith/contract/pages';
import { makeQueryClient } from '../app/providers.tsx';
import { routes } from '../app/route-table.tsx';
import { prefetchPage } from '../app/router.tsx';
import { sessionQuery } from '../features/auth/api/get-session.ts';
import { CART_TITLE } from '../features/cart/components/cart-page.tsx';
import { MY_ORDERS_TITLE } from '../features/orders/components/my-orders-page.tsx';
import { partQuery } from '../features/purchase/api/get-part.ts';
import { purchasePageTitle } from '../features/purchase/components/purchase-page.tsx';
import { partPageHead, partPageTitle } from '../features/catalogue/components/part-page-head.ts';
import { SEARCH_TITLE } from '../features/catalogue/components/search-page.tsx';
import { ApiError } from '../lib/api-client.ts';
import { sendRequestsThrough } from '../lib/api-client.ts';
import { markPrerendering } from '../lib/lazy-component.ts';
import { renderMarkup } from './render-markup.tsx';

// Parts loaded after the first paint stay on their way, as in the browser's first render.
markPrerendering();

/** Sends one of the app's requests (`/api/...`) for the buyer whose page is being rendered. */
export type Send = (url: string, init: RequestInit) => Promise<Response>;

/** The pages of the table (contract/src/pages.ts) marked `serverRendered`. */
type ServerRenderedId = {
  [K in PageId]: (typeof PAGES)[K] extends { serverRendered: true | 'always' } ? K : never;
}[PageId];

/**
 * The title of each page the server renders for a signed-in buyer, as the page itself sets it.
 * Each page shows what its route's `handle.prefetch` asks for, so the browser's first render,
 * once the same answers are in (app/start.tsx waits for them), makes the same markup. A page
 * marked in the table needs its title here and its case in render-page.test.tsx.
 */
export const SERVER_RENDERED_PAGES: Record<
  ServerRenderedId,
  (client: QueryClient, params: Params) => string
> = {
  purchase: (client, { partsId = '' }) =>
    purchasePageTitle(client.getQueryData(partQuery(partsId).queryKey)?.name),
  myOrders: () => MY_ORDERS_TITLE,
  cart: () => CART_TITLE,
  part: (client, { partsId = '' }) =>
    partPageTitle(client.getQueryData(partQuery(partsId).queryKey)?.name),
  search: () => SEARCH_TITLE,
};

/**
 * What a page rendered for everybody adds to the HTML's head (its own description, canonical
 * URL, Open Graph tags and structured data), made from the same answers as its markup.
 */
const PAGE_HEADS: Partial<
  Record<ServerRenderedId, (client: QueryClient, params: Params, origin: string) => string>
> = {
  part: (client, { partsId = '' }, origin) => {
    const part = client.getQueryData(partQuery(partsId).queryKey);
    return part ? partPageHead(part, origin) : '';
  },
};

/** Whose requests the current render sends: each render runs in its own async context. */
const renders = new AsyncLocalStorage<Send>();
let installed = false;

function install() {
  if (installed) return;
  installed = true;
  // Outside a render (a test's browser side), the global fetch, as before; on the server a
  // relative URL fails there at once.
  sendRequestsThrough((url, init) => (renders.getStore() ?? fetch)(url, init));
}

export interface RenderedPage {
  /** What goes into `#root`. */
  markup: string;
  title: string;
  /** Tags for the head, in place of the app's generic description (a page for everybody). */
  head?: string;
  /** The page's own answer says its subject does not exist (a part no longer in the catalogue). */
  missing?: true;
}

/**
 * The page at `pathname` for the buyer `send` asks as, or null when the server should send the
 * shell instead: a page not in SERVER_RENDERED_PAGES, nobody signed in on a signed-in page (the
 * app sends the visitor to the login page), or an answer that failed (the app asks again and
 * shows the error). `missing` when the page's subject is not found (the server answers 404).
 * `origin` makes a page's canonical and Open Graph URLs absolute.
 */
export async function renderPage(
  pathname: string,
  send: Send,
  origin = '',
): Promise<RenderedPage | null> {
  let title: ((client: QueryClient) => string) | undefined;
  let head: ((client: QueryClient) => string) | undefined;
  let forEverybody = false;
  for (const [id, titleOf] of Object.entries(SERVER_RENDERED_PAGES)) {
    const page: { path: string; serverRendered?: true | 'always' } = PAGES[id as ServerRenderedId];
    const match = matchPath(page.path, pathname);
    if (!match) continue;
    title = (client) => titleOf(client, match.params);
    const headOf = PAGE_HEADS[id as ServerRenderedId];
    if (headOf) head = (client) => headOf(client, match.params, origin);
    forEverybody = page.serverRendered === 'always';
  }
  if (!title) return null;
  install();
  const client = makeQueryClient();
  // One try: an answer that failed is the browser's to ask for again, not the HTML's to wait on.
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  try {
    await renders.run(send, () => prefetchPage(client, routes, pathname));
    const queries = client.getQueryCache().getAll();
    const notFound = (q: (typeof queries)[number]) =>
      q.state.error instanceof ApiError &&
      (q.state.error.status === 404 || q.state.error.status === 400);
    if (forEverybody && queries.some(notFound)) return { markup: '', title: '', missing: true };
    const answered = queries.every((query) => query.state.status === 'success');
    if (!answered || (!forEverybody && !client.getQueryData(sessionQuery().queryKey))) return null;
    const markup = await renderMarkup(routes, pathname, client);
    if (markup === null) return null;
    return { markup, title: title(client), ...(head ? { head: head(client) } : {}) };
  } finally {
    client.clear();
  }
}
