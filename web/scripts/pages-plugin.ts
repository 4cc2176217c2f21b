// The `virtual:pages` and `virtual:page-paths` modules: the shop's page table (contract/src/pages.ts) made into what the
// router needs, each page's path, access and preloads with its component or the dynamic import
// that loads it. Generated, so that the table's other facts (module names, prerender files,
// sitemap) stay out of the browser's bundle and no page's module is named twice.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
// By path, not by package name: Vite bundles a relative import into its config (see page-hints.ts).
import { PAGES, type Page, type PageId } from '../../contract/src/pages.ts';

const ID = 'virtual:pages';
/** The paths alone: imported by the pages' own modules, which `virtual:pages` imports. */
const PATHS_ID = 'virtual:page-paths';
const RESOLVED = `\0${ID}`;
const PATHS_RESOLVED = `\0${PATHS_ID}`;
const SRC = fileURLToPath(new URL('../src/', import.meta.url));

/** The modules the router loads around the pages (web/src-relative), with their components. */
export const FRAME = {
  requireUser: ['features/auth/components/guards.tsx', 'RequireUser'],
  requireAdmin: ['features/auth/components/guards.tsx', 'RequireAdmin'],
  dashboardLayout: ['app/routes/dashboard.tsx', 'DashboardRoute'],
  notFound: ['features/content/components/not-found-page.tsx', 'NotFoundPage'],
} as const;

/** The source files (web-relative, as the bundle names them) a page opened directly loads. */
export function pageSourceFiles(page: Page): string[] {
  const files: string[] = page.access === 'public' ? [] : [FRAME.requireUser[0]];
  if (page.dashboard) files.push(FRAME.dashboardLayout[0]);
  if (page.access === 'admin') files.push(FRAME.requireAdmin[0]);
  return [...new Set([...files, page.module])].map((file) => `src/${file}`);
}

/** A route's `lazy`: the module's component (`load` is the module's own helper, see below). */
const lazy = ([file, component]: readonly [string, string]) =>
  `load(() => import(${JSON.stringify(path.join(SRC, file))}), ${JSON.stringify(component)})`;

/** One helper for every route's `lazy`: each route then carries only its import and name. */
const LOAD_HELPER =
  'const load = (loader, name) => async () => ({ Component: (await loader())[name] });';

/** Where a page sits in the router's tree: the guards and the layout around it. */
export type PageGroup = 'public' | 'user' | 'dashboard' | 'admin';

function groupOf(id: string, page: Page): PageGroup {
  if (page.access === 'admin') {
    if (!page.dashboard) throw new Error(`pages: admin page ${id} must be drawn in the dashboard`);
    return 'admin';
  }
  if (page.access === 'user') return page.dashboard ? 'dashboard' : 'user';
  return 'public';
}

/**
 * The module's source: `pages`, each group's pages in the table's order with their path,
 * preloads and component or loader; `paths` by page id; the frame's loaders.
 */
export function pagesModuleSource(pages: Record<PageId, Page> = PAGES): string {
  const imports: string[] = [];
  const groups: Record<PageGroup, string[]> = { public: [], user: [], dashboard: [], admin: [] };
  for (const [id, page] of Object.entries(pages) as [PageId, Page][]) {
    let load: string;
    if (page.inEntry) {
      imports.push(
        `import { ${page.component} as ${id}Page } from ${JSON.stringify(path.join(SRC, page.module))};`,
      );
      load = `Component: ${id}Page`;
    } else {
      load = `lazy: ${lazy([page.module, page.component])}`;
    }
    const preloads = page.preloads?.length ? `, preloads: ${JSON.stringify(page.preloads)}` : '';
    groups[groupOf(id, page)].push(
      `    { path: ${JSON.stringify(page.path)}${preloads}, ${load} },`,
    );
  }
  const frame = Object.entries(FRAME).map(
    ([name, target]) => `export const ${name} = ${lazy(target)};`,
  );
  return [
    ...imports,
    LOAD_HELPER,
    'export const pages = {',
    ...Object.entries(groups).map(
      ([group, entries]) => `  ${group}: [\n${entries.join('\n')}\n  ],`,
    ),
    '};',
    ...frame,
    '',
  ].join('\n');
}

/**
 * The `virtual:page-paths` module: every page's path as an export named by its id, imported as
 * `import * as paths`; a bundle keeps only the paths it reads (an object would carry them all).
 */
export function pagePathsSource(pages: Record<PageId, Page> = PAGES): string {
  return Object.entries(pages)
    .map(([id, page]) => `export const ${id} = ${JSON.stringify(page.path)};\n`)
    .join('');
}

export function pagesPlugin(): Plugin {
  return {
    name: 'partsmith-pages',
    resolveId: (id) => (id === ID ? RESOLVED : id === PATHS_ID ? PATHS_RESOLVED : undefined),
    load: (id) =>
      id === RESOLVED ? pagesModuleSource() : id === PATHS_RESOLVED ? pagePathsSource() : undefined,
  };
}
