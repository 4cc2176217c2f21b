import type { Config } from '@react-router/dev/config';
import { PAGES, pagePaths } from '../contract/src/pages.ts';

/**
 * React Router's framework mode (docs/decisions/058): the routes are src/app/routes.ts, made from
 * the page table (contract/src/pages.ts); the server renders every page (the API server serves
 * the handler, server/src/plugins/web.ts) and the public pages the table marks are prerendered
 * at build time into dist/client.
 */
export default {
  appDirectory: 'src/app',
  buildDirectory: 'dist',
  ssr: true,
  prerender: Object.values(PAGES).flatMap((page) =>
    'prerendered' in page && page.prerendered ? pagePaths(page) : [],
  ),
  // React Router's lazy route discovery: a page's manifest holds the routes it shows and links
  // to; the others are asked for (/__manifest, answered by the same handler) when a link to them
  // appears, so each new page no longer adds to every page's first JavaScript.
  routeDiscovery: { mode: 'lazy' },
} satisfies Config;
