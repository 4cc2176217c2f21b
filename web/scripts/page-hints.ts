// The page-hints plugin: writes `.vite/page-hints.json` into the build, the `Link` header values
// the server sends with the app shell of each page (server/src/plugins/web.ts). The home page
// preloads its first hero picture; a page loaded on demand preloads its own chunks (and the
// guard's), which the browser would otherwise find only after the entry script has run.
// Hints sent as a header for one page, not as tags in index.html, which every page shares.
import type { Plugin, Rollup } from 'vite';
// By path, not by package name: Vite loads its config's imports from packages with Node, which
// cannot read TypeScript; a relative import is bundled into the config.
import { HERO_IMAGE, imagePreloadLink } from '../../contract/src/images.ts';

export const PAGE_HINTS_FILE = '.vite/page-hints.json';

/** Route pattern (react-router syntax, `:param` for one segment) -> source modules it loads. */
export type PageModules = Record<string, string[]>;

/** The `Link` header value preloading the home page's largest paint, its first hero picture. */
export function heroPreloadLink(): string {
  const link = imagePreloadLink(HERO_IMAGE.src, 1200, HERO_IMAGE.sizes);
  if (!link) throw new Error(`the hero picture ${HERO_IMAGE.src} has no WebP copies`);
  return link;
}

/** The bundle's chunks, and the chunks a set of chunks loads statically (themselves included). */
function chunkGraph(bundle: Rollup.OutputBundle) {
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
  const entry = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
  const chunksOf = (route: string, modules: string[]) =>
    modules.map((m) => {
      const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(`/${m}`));
      if (!chunk) throw new Error(`page-hints: no chunk for ${m} (route ${route})`);
      return chunk.fileName;
    });
  return { byFile, closure, entry, chunksOf };
}

/**
 * For each page, `rel=modulepreload` for the chunks of its modules and the chunks they import
 * statically, minus those the entry (index.html) loads anyway; `rel=preload; as=style` for their
 * CSS. Throws when a listed module is not in the build (the route table moved).
 */
export function pageHints(
  bundle: Rollup.OutputBundle,
  pages: PageModules,
): Record<string, string[]> {
  const { byFile, closure, entry, chunksOf } = chunkGraph(bundle);
  const hints: Record<string, string[]> = {};
  for (const [route, modules] of Object.entries(pages)) {
    const files = [...closure(chunksOf(route, modules))].filter((f) => !entry.has(f));
    const css = files.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]);
    hints[route] = [
      ...files.map((f) => `</${f}>; rel=modulepreload`),
      ...css.map((f) => `</${f}>; rel=preload; as=style`),
    ];
  }
  return hints;
}

/** A module of the zod library (the web build's facade, src/lib/zod-facade.ts, imports it). */
const ZOD_LIBRARY = /[\\/]node_modules[\\/]zod[\\/]/;

/**
 * The routes among `routes` whose first render loads zod on the main thread: the entry and the
 * page's own chunks (what main.tsx loads before the first render) contain a zod module. Issue 7's
 * pages must not (docs/decisions/018): their forms load zod when first used, their answers are
 * checked in a worker.
 */
export function zodBeforeFirstRender(
  bundle: Rollup.OutputBundle,
  pages: PageModules,
  routes: string[],
): { route: string; chunk: string }[] {
  const { byFile, closure, entry, chunksOf } = chunkGraph(bundle);
  return routes.flatMap((route) => {
    const files = new Set([...entry, ...closure(chunksOf(route, pages[route] ?? []))]);
    const withZod = [...files].find((f) =>
      (byFile.get(f)?.moduleIds ?? []).some((id) => ZOD_LIBRARY.test(id)),
    );
    return withZod ? [{ route, chunk: withZod }] : [];
  });
}

/** V8's explicit compile hint: compile every function of the file as it streams in. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * The chunks that get V8's compile hint (docs/decisions/022): the entry, which every page runs
 * before its first render (react-dom, the router, the layout, the home page). Chromium compiles
 * its functions on a background thread while it downloads, instead of one by one on the main
 * thread as the app first calls them. The smaller chunks are left to V8's lazy compilation:
 * below Chromium's streaming size, a hinted file is compiled whole on the main thread.
 */
export function compileHintChunks(bundle: Rollup.OutputBundle): string[] {
  return Object.values(bundle).flatMap((c) =>
    c.type === 'chunk' && c.isEntry ? [c.fileName] : [],
  );
}

/**
 * Writes the page hints; fails the build when one of `zodFree` (issue 7's measured pages)
 * would load zod before its first render. Puts the compile hint atop the entry.
 */
export function pageHintsPlugin(pages: PageModules, zodFree: string[] = []): Plugin {
  return {
    name: 'partsmith-page-hints',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const { route, chunk } of zodBeforeFirstRender(bundle, pages, zodFree)) {
        this.error(
          `${route} loads zod before its first render (in ${chunk}): load the schema on demand ` +
            '(lazyZodResolver) or check the answer by name in the worker (docs/decisions/018)',
        );
      }
      for (const file of compileHintChunks(bundle)) {
        const chunk = bundle[file];
        if (chunk?.type === 'chunk') chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
      }
      const hints = pageHints(bundle, pages);
      hints['/'] = [heroPreloadLink(), ...(hints['/'] ?? [])];
      this.emitFile({
        type: 'asset',
        fileName: PAGE_HINTS_FILE,
        source: `${JSON.stringify(hints, null, 2)}\n`,
      });
    },
  };
}
