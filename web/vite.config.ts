/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { appChunks } from './scripts/app-chunks.ts';
import { artwork } from './scripts/artwork.ts';
import { pageHintsPlugin } from './scripts/page-hints.ts';
import { PAGES, type PageId } from '../contract/src/pages.ts';
import { pageSourceFiles, pagesPlugin } from './scripts/pages-plugin.ts';

/**
 * The modules each page opened directly loads on demand (the page table, contract/src/pages.ts),
 * preloaded by the server's `Link` header with the app shell (scripts/page-hints.ts). The home
 * page is in the entry; admin pages are left out (they get the app's own preloads).
 */
const PAGE_MODULES = Object.fromEntries(
  Object.entries(PAGES)
    .filter(([, page]) => !('inEntry' in page) && page.access !== 'admin')
    .map(([id, page]) => [id, pageSourceFiles(page)]),
);

/**
 * The pages the bench measures: the build fails if one would load zod on the main thread before
 * its first render (scripts/page-hints.ts, docs/decisions/038).
 */
const ZOD_FREE_PAGES: PageId[] = ['home', 'login', 'purchase', 'myOrders', 'cart'];

/** The pages with a prerendered first screen: they preload no script (docs/decisions/038). */
const PRERENDERED = Object.entries(PAGES).flatMap(([id, page]) =>
  'prerendered' in page ? [id] : [],
);

/**
 * The shared pieces of the pages loaded on demand (see `codeSplitting` below), the contract's
 * pricing functions (the purchase page's and the cart's) among them.
 */
const PAGE_PARTS =
  /[\\/](web[\\/]src[\\/](components[\\/]ui[\\/](form-field|data-table|dashboard-page|skeleton-list|line-cells|load-failed|page-header|shipping-fields|ready-fieldset)\.tsx|lib[\\/](add-form|error-text|field-ids|idempotency-key|submit-failure|place-order)\.ts)|features[\\/](dashboard[\\/]components[\\/]dashboard-context|purchase[\\/]api[\\/]get-part)\.ts|contract[\\/]src[\\/]pricing\.ts)$/;

/**
 * What the navbar loads after the first paint, in one chunk (src/app/layout/navbar.tsx): the
 * cart's count with the cart's state and API (which the cart page and the purchase page's Add to
 * cart share), the mobile drawer and the account menu's dropdown. One chunk, not one per module:
 * each chunk's name is in the preload lists the home page's own chunk carries, and the drawer and
 * the dropdown are there before they are first opened. The contract's constants go with them (the
 * cart's quantity message, the sign-in providers' names): the home page reads only the list's
 * header names, which the build inlines.
 */
const NAVBAR_PARTS =
  /(?:[\\/]contract)?[\\/]src[\\/](app[\\/]layout[\\/]navbar-drawer\.tsx|features[\\/]auth[\\/]components[\\/]user-menu-panel\.tsx|features[\\/]cart[\\/](components[\\/]cart-link\.tsx|api[\\/](add-to-cart|get-cart|local-cart|merge-local-cart|set-cart-line)\.ts)|constants\.ts)$/;

/**
 * The quote pages (My Quotes, Request a quote, Manage Quotes) and their shared parts, in one
 * chunk: each chunk's name is in the preload lists the home page's own chunk carries, and four
 * names cost the home page's budget more than one chunk of three small pages costs a customer.
 * Their form checks (quote-fields.ts, with zod) load on their own when a form is used.
 */
const QUOTE_PAGES =
  /[\\/]src[\\/](app[\\/]routes[\\/](my-quotes|new-quote)\.tsx|features[\\/]quotes[\\/](api[\\/][\w-]+\.ts|components[\\/](?!quote-fields)[\w-]+(?<!\.test)\.tsx?))$/;

/** What the admins' lists share (their rows' buttons and cells, Load more), in one chunk. */
const ADMIN_LIST_PARTS =
  /[\\/]src[\\/]features[\\/]admin[\\/]components[\\/](action-button|load-more|table-cells)\.tsx$/;

/** Preload lists of on-demand imports without the chunks the app has loaded (docs/decisions/038). */
const app = appChunks();

/**
 * `vite build --ssr` builds src/prerender/prerender.tsx into dist-server: scripts/prerender.mjs
 * runs it to put the first screens into the HTML (docs/decisions/038), and the API server
 * imports it to render the signed-in pages (docs/decisions/038).
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild
    ? [react(), pagesPlugin()]
    : [
        react(),
        pagesPlugin(),
        tailwindcss(),
        artwork(),
        app.plugin,
        app.startPlugin,
        pageHintsPlugin(PAGE_MODULES, ZOD_FREE_PAGES, PRERENDERED),
      ],
  build: isSsrBuild
    ? {
        outDir: 'dist-server',
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: false,
        target: 'node20',
      }
    : {
        // The manifest lets the page-weight budget check measure what the home page loads.
        manifest: true,
        // Every browser the shop supports preloads modules itself (Chromium 66, Firefox 115,
        // Safari 17): no polyfill in the entry. The entry's import of the app preloads nothing:
        // Vite's helper would add a <link rel=modulepreload> for each of the app's eight chunks,
        // 9 ms of main thread right after the first paint (docs/decisions/038); the browser
        // finds them in the app's own imports instead. Pages loaded on demand preload what the
        // app has not already loaded (scripts/app-chunks.ts, docs/decisions/038), and only once
        // the app has taken the page over (docs/decisions/038).
        modulePreload: {
          polyfill: false,
          resolveDependencies: app.resolveDependencies,
        },
        sourcemap: false,
        target: 'es2022',
        // Imported constants (the query keys' roots, src/lib/query-keys.ts) are written where
        // they are used, not kept as a module the home page loads as a chunk of its own.
        rolldownOptions: {
          optimization: { inlineConst: { mode: 'all', pass: 1 } },
          // The small pieces the pages loaded on demand share (form fields, tables, page
          // headers, their helpers) in one chunk: each chunk of its own would add its name to
          // the preload lists the home page's own chunk carries for every page.
          output: {
            // Seven characters of hash, not eight (the least rolldown allows for this many chunks): each
            // chunk's name is in those preload lists too.
            chunkFileNames: 'assets/[name]-[hash:7].js',
            codeSplitting: {
              includeDependenciesRecursively: false,
              groups: [
                { name: 'page-parts', test: PAGE_PARTS },
                { name: 'navbar', test: NAVBAR_PARTS },
                { name: 'quotes', test: QUOTE_PAGES },
                { name: 'admin-lists', test: ADMIN_LIST_PARTS },
              ],
            },
          },
        },
      },
  // The server build carries its packages, React's production build among them: the API server
  // renders pages with it (docs/decisions/038), and React's development build, which a package
  // left in node_modules would pick up from an unset NODE_ENV, renders several times slower.
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  // The answer-check worker (src/lib/answer-check.ts) is an ES module like the app.
  worker: { format: 'es' },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/uploads': 'http://127.0.0.1:3000' },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.{ts,mjs}'],
    setupFiles: ['./vitest.setup.ts'],
    css: false,
    // Typing into forms with user-event is slow in jsdom on a busy 2-core machine: a test that
    // takes 5 s there is slow, not wrong (the default 5 s limit made CI runs flaky).
    testTimeout: 20_000,
    // Two files at a time on two cores (Vitest's default is one fewer than the cores): one at a
    // time, the web files took 200 s of the run for 76 s of tests, the rest starting jsdom and
    // loading modules. The contract's and the bench's projects, in the same group, use two too.
    maxWorkers: 2,
    // Worker threads, not processes: the same 63 files took 101 s instead of 129 s here (188 s
    // of CPU instead of 242 s), most of it in starting jsdom and loading modules.
    pool: 'threads',
  },
}));
