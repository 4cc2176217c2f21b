// What a page's code loaded on demand preloads (build.modulePreload.resolveDependencies).
import type { Plugin } from 'vite';
import { chunkGraph } from './page-hints.ts';

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
  return {
    plugin,
    resolveDependencies(_file, deps, { hostId, hostType }) {
      if (hostType === 'html') return deps;
      if (loadedWithApp.size === 0)
        throw new Error('partsmith:app-chunks: the preload lists came before the bundle was read');
      // The entry's import of the app preloads nothing: the browser finds the app's chunks in
      // its own imports (docs/decisions/024).
      if (entry.has(hostId)) return [];
      return deps.filter((dep) => !loadedWithApp.has(dep));
    },
  };
}
