// The page-hints plugin: writes `.vite/page-hints.json` into the build, the `Link` header values
// the server sends with the app shell of each page (server/src/plugins/web.ts). The home page
// preloads its first hero picture; a page that is not prerendered preloads the app's chunks and
// its own (and the guard's), which the browser would otherwise find only after the entry script
// has run; a prerendered page preloads no script (docs/decisions/038).
// Hints sent as a header for one page, not as tags in index.html, which every page shares.
import type { Plugin, Rollup } from 'vite';
// By path, not by package name: Vite loads its config's imports from packages with Node, which
// cannot read TypeScript; a relative import is bundled into the config.
import { HERO_IMAGE, imagePreloadLink } from '../../contract/src/images.ts';

export const PAGE_HINTS_FILE = '.vite/page-hints.json';

/** Page id (contract/src/pages.ts) -> the source modules it loads when opened directly. */
export type PageModules = Record<string, string[]>;

/** The `Link` header value preloading the home page's largest paint, its first hero picture. */
export function heroPreloadLink(): string {
  const link = imagePreloadLink(HERO_IMAGE.src, 1200, HERO_IMAGE.sizes);
  if (!link) throw new Error(`the hero picture ${HERO_IMAGE.src} has no WebP copies`);
  return link;
}

/** The bundle's chunks, and the chunks a set of chunks loads statically (themselves included). */
export function chunkGraph(bundle: Rollup.OutputBundle) {
  const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (start: string[]) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const next of byFile.get(file)?.imports ?? []) visit(next);
    };
    start.forEach(visit);
    return seen;
  };
  const entryChunks = chunks.filter((c) => c.isEntry);
  const entry = closure(entryChunks.map((c) => c.fileName));
  // The app: what the entry imports on demand, at once (src/main.tsx, docs/decisions/038).
  const appChunks = entryChunks.flatMap((c) => c.dynamicImports);
  const app = new Set([...closure(appChunks)].filter((f) => !entry.has(f)));
  const chunksOf = (route: string, modules: string[]) =>
    modules.map((m) => {
      const ends = (id: string | null | undefined) =>
        id?.replaceAll('\\', '/').endsWith(`/${m}`) === true;
      // The chunk the module starts, else the group chunk that holds it (vite.config.ts).
      const chunk =
        chunks.find((c) => ends(c.facadeModuleId)) ??
        chunks.find((c) => c.moduleIds.some((id) => ends(id)));
      if (!chunk) throw new Error(`page-hints: no chunk for ${m} (route ${route})`);
      return chunk.fileName;
    });
  // The entry's stylesheet (index.html's, render-blocking).
  const entryCss = entryChunks.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]);
  return { byFile, closure, entry, entryCss, appChunks, app, chunksOf };
}

/**
 * A stylesheet's preload: `crossorigin` as on the `<link rel=stylesheet crossorigin>` Vite writes
 * into the HTML (and adds for a chunk's CSS), or the browser fetches the file a second time
 * ("credentials mode does not match").
 */
const stylePreload = (file: string) => `</${file}>; rel=preload; as=style; crossorigin=anonymous`;

/** `Link` values preloading `files` (chunks) and the CSS they import. */
function preloads(byFile: Map<string, Rollup.OutputChunk>, files: string[]): string[] {
  const css = files.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]);
  return [...files.map((f) => `</${f}>; rel=modulepreload`), ...css.map(stylePreload)];
}

/**
 * For each page, the entry's stylesheet, then `rel=modulepreload` for the entry, the app's
 * chunks and those of the page's modules (with what they import statically); `rel=preload;
 * as=style` for their CSS. A page in `prerendered` gets none: it is painted before its scripts
 * are asked for (docs/decisions/038). `*`, every other page: the stylesheet, the entry and the
 * app's chunks.
 * Throws when a listed module is not in the build (the route table moved).
 */
export function pageHints(
  bundle: Rollup.OutputBundle,
  pages: PageModules,
  prerendered: string[] = [],
): Record<string, string[]> {
  const { byFile, closure, entry, entryCss, app, chunksOf } = chunkGraph(bundle);
  // The stylesheet first: on HTTP/1.1 the browser opens six connections to a host, and the
  // render-blocking stylesheet, found in the HTML, would wait behind the scripts preloaded here.
  const css = entryCss.map(stylePreload);
  // Then the entry itself: found in the HTML, it would queue behind the preloads, and it is what
  // asks for the app.
  const entryScripts = [...entry].filter((f) => byFile.get(f)?.isEntry);
  const start = [...css, ...entryScripts.map((f) => `</${f}>; rel=modulepreload`)];
  const hints: Record<string, string[]> = {};
  for (const [route, modules] of Object.entries(pages)) {
    const own = [...closure(chunksOf(route, modules))].filter((f) => !entry.has(f));
    hints[route] = prerendered.includes(route)
      ? []
      : [...start, ...preloads(byFile, [...new Set([...app, ...own])])];
  }
  for (const route of prerendered) hints[route] ??= [];
  hints['*'] = [...start, ...preloads(byFile, [...app])];
  return hints;
}

/** A module of the zod library (contract/src/zod-subset.ts re-exports its builders). */
const ZOD_LIBRARY = /[\\/]node_modules[\\/]zod[\\/]/;

/**
 * The routes among `routes` whose first render loads zod on the main thread: the entry, the app
 * and the page's own chunks (what loads before the first render) contain a zod module. The
 * Lighthouse-measured pages (docs/performance.md) must not (docs/decisions/038): their forms
 * load zod when first used, their answers are checked in a worker.
 */
export function zodBeforeFirstRender(
  bundle: Rollup.OutputBundle,
  pages: PageModules,
  routes: string[],
): { route: string; chunk: string }[] {
  const { byFile, closure, entry, app, chunksOf } = chunkGraph(bundle);
  return routes.flatMap((route) => {
    const files = new Set([...entry, ...app, ...closure(chunksOf(route, pages[route] ?? []))]);
    const withZod = [...files].find((f) =>
      (byFile.get(f)?.moduleIds ?? []).some((id) => ZOD_LIBRARY.test(id)),
    );
    return withZod ? [{ route, chunk: withZod }] : [];
  });
}

/** Chromium streams (and compiles off the main thread) scripts from about 30 kB up. */
const HINT_MIN_BYTES = 30_000;

/** V8's explicit compile hint: compile every function of the file as it streams in. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * The chunks that get V8's compile hint (docs/decisions/038): the app the entry starts
 * (react-dom, the router, the layout, the home page), which every page runs before its first
 * render. Chromium compiles its functions on a background thread while it downloads, instead of
 * one by one on the main thread as the app first calls them. The smaller chunks are left to
 * V8's lazy compilation: below Chromium's streaming size, a hinted file is compiled whole on
 * the main thread.
 */
export function compileHintChunks(bundle: Rollup.OutputBundle): string[] {
  const { appChunks, app, byFile } = chunkGraph(bundle);
  // A library the bundler split out of the app (React Router, once the navbar's on-demand chunk
  // shares it: decision 045) runs before the first render as much as the app does: hinted too
  // when it is above the streaming size.
  const large = [...app].filter(
    (f) => !appChunks.includes(f) && (byFile.get(f)?.code?.length ?? 0) >= HINT_MIN_BYTES,
  );
  return [...appChunks, ...large];
}

/**
 * Writes the page hints; fails the build when one of `zodFree` (the Lighthouse-measured pages)
 * would load zod before its first render. Puts the compile hint atop the app.
 */
export function pageHintsPlugin(
  pages: PageModules,
  zodFree: string[] = [],
  prerendered: string[] = [],
): Plugin {
  return {
    name: 'partsmith-page-hints',
    apply: 'build',
    // After Vite's own (which puts the app's dependency list atop its chunk): the compile hint
    // goes on the first line.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const { route, chunk } of zodBeforeFirstRender(bundle, pages, zodFree)) {
          this.error(
            `${route} loads zod before its first render (in ${chunk}): load the schema on demand ` +
              '(lazyZodResolver) or check the answer by name in the worker (docs/decisions/038)',
          );
        }
        for (const file of compileHintChunks(bundle)) {
          const chunk = bundle[file];
          if (chunk?.type === 'chunk') chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
        }
        const hints = pageHints(bundle, pages, prerendered);
        // The home page (its id in contract/src/pages.ts) preloads its largest paint.
        hints.home = [heroPreloadLink(), ...(hints.home ?? [])];
        this.emitFile({
          type: 'asset',
          fileName: PAGE_HINTS_FILE,
          source: `${JSON.stringify(hints, null, 2)}\n`,
        });
      },
    },
  };
}
