// What a page's code loaded on demand preloads (build.modulePreload.resolveDependencies).
import type { Plugin } from 'vite';
import { chunkGraph } from './page-hints.ts';

/** The chunk of index.html's own script, src/main.tsx (Vite names it after the page). */
export const isEntryChunk = (file: string) => /^assets\/index-[\w-]+\.js$/.test(file);

/**
 * The entry, the app it imports at once (src/app/start.tsx) and every chunk they import
 * statically are in the page whenever a page's code is imported on demand: every such import
 * runs inside the app. Vite's preload helper would still add a `<link rel=modulepreload>` for
 * each chunk an on-demand page shares with them (8 of /login's 14), main-thread work in the task
 * that starts the page (docs/decisions/027). The plugin reads them from the bundle before Vite
 * writes the preload lists (`generateBundle`, order `pre`); `resolveDependencies` leaves them out.
 */
export function appChunks(): {
  plugin: Plugin;
  resolveDependencies: (
    file: string,
    deps: string[],
    context: { hostId: string; hostType: 'html' | 'js' },
  ) => string[];
} {
  const loadedWithApp = new Set<string>();
  const plugin: Plugin = {
    name: 'partsmith:app-chunks',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const graph = chunkGraph(bundle);
        if (graph.appChunks.length === 0)
          throw new Error('partsmith:app-chunks: the entry imports no app');
        loadedWithApp.clear();
        for (const file of [...graph.entry, ...graph.closure(graph.appChunks)])
          loadedWithApp.add(file);
      },
    },
  };
  return {
    plugin,
    resolveDependencies(_file, deps, { hostId, hostType }) {
      if (hostType === 'html') return deps;
      // The entry's import of the app preloads nothing: the browser finds the app's chunks in
      // its own imports (docs/decisions/024).
      if (isEntryChunk(hostId)) return [];
      if (loadedWithApp.size === 0)
        throw new Error('partsmith:app-chunks: the preload lists came before the bundle was read');
      return deps.filter((dep) => !loadedWithApp.has(dep));
    },
  };
}
