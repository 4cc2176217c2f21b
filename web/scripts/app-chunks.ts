// What a page's code loaded on demand preloads (build.modulePreload.resolveDependencies).
import type { Plugin } from 'vite';
import { chunkGraph } from './page-hints.ts';

/**
 * The entry, the app it imports at once (src/app/start.tsx) and every chunk they import
 * statically are in the page whenever a page's code is imported on demand: every such import
 * runs inside the app. Vite's preload helper would still add a `<link rel=modulepreload>` for
 * each chunk an on-demand page shares with them (8 of /login's 14), main-thread work in the task
 * that starts the page (docs/decisions/038). The plugin reads them from the bundle before Vite
 * writes the preload lists (`generateBundle`, order `pre`); `resolveDependencies` leaves them out.
 */
export function appChunks(): {
  plugin: Plugin;
  startPlugin: Plugin;
  resolveDependencies: (
    file: string,
    deps: string[],
    context: { hostId: string; hostType: 'html' | 'js' },
  ) => string[];
} {
  // The entry (index.html's script, src/main.tsx) and what it imports statically: its import of
  // the app runs before the app is there.
  let entry = new Set<string>();
  let loadedWithApp = new Set<string>();
  const plugin: Plugin = {
    name: 'partsmith:app-chunks',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const graph = chunkGraph(bundle);
        if (graph.appChunks.length === 0)
          throw new Error('partsmith:app-chunks: the entry imports no app');
        entry = graph.entry;
        loadedWithApp = new Set([...graph.entry, ...graph.closure(graph.appChunks)]);
      },
    },
  };
  const startPlugin: Plugin = {
    name: 'partsmith:no-preloads-at-start',
    // The rewrite below changes chunks after they were named by their content's hash: the
    // rewrite goes into the hash of every chunk it may change, so a change to it renames them
    // (they are served `immutable`).
    augmentChunkHash(chunk) {
      if (chunk.dynamicImports.length > 0) return FILTER;
    },
    generateBundle: {
      // After Vite has written the preload lists into the chunks.
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk')
            chunk.code = preloadsOnceTakenOver(chunk.code, chunk.fileName);
        }
      },
    },
  };
  return {
    plugin,
    startPlugin,
    resolveDependencies(_file, deps, { hostId, hostType }) {
      if (hostType === 'html') return deps;
      if (loadedWithApp.size === 0)
        throw new Error('partsmith:app-chunks: the preload lists came before the bundle was read');
      // The entry's import of the app preloads nothing: the browser finds the app's chunks in
      // its own imports (docs/decisions/038).
      if (entry.has(hostId)) return [];
      return deps.filter((dep) => !loadedWithApp.has(dep));
    },
  };
}

/**
 * The preload list Vite writes at the top of a chunk with on-demand imports: every
 * `__vitePreload(() => import(...), __vite__mapDeps([...]))` reads its list from it.
 */
const MAP_DEPS =
  /(const __vite__mapDeps=\(i,m=__vite__mapDeps,d=\(m\.f\|\|\(m\.f=\[[^\]]*\]\)\)\)=>)i\.map\(i=>d\[i\]\)/;

/** What the list's entries go through: stylesheets always, chunks once the app has the page. */
const FILTER = '.filter(f=>f.endsWith(".css")||document.documentElement.dataset.app==="ready")';

/**
 * Until the app has taken the page over (`<html data-app="ready">`, src/app/start.tsx), on-demand
 * imports preload only their stylesheets: the page's own chunks, imported while the app starts,
 * are found by the browser in their imports, as the app's are (docs/decisions/038). Each
 * `<link rel=modulepreload>` Vite's helper appends is a request started from script: 15-35 ms of
 * main thread in Lighthouse's traces of My Orders, in one or two tasks right after the first
 * paint. Once the app has taken over, a page opened from a link preloads its chunks as before,
 * in parallel rather than one round trip per level of imports.
 * Throws when a chunk lists preloads in a shape this does not know (a Vite upgrade changed it).
 */
export function preloadsOnceTakenOver(code: string, fileName: string): string {
  if (!code.includes('__vite__mapDeps')) return code;
  if (!MAP_DEPS.test(code))
    throw new Error(`partsmith:no-preloads-at-start: ${fileName}'s preload list has a new shape`);
  return code.replace(MAP_DEPS, `$1i.map(i=>d[i])${FILTER}`);
}
