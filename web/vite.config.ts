/// <reference types="vitest/config" />
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { artwork } from './scripts/artwork.ts';

/** What rolldown's chunking tells a group's name function about a module. */
interface ChunkingContext {
  getModuleInfo(id: string): { importers: readonly string[] } | null;
}

/** The modules every page runs: the client entry and the root route (the layout, its header). */
const ENTRY = '/src/app/entry.client.tsx';
const SHELL = [ENTRY, '/src/app/root.tsx'];

/**
 * One chunk for the shell (docs/decisions/065): every module the client entry or the root route
 * imports statically, however deep, runs on every page, so splitting it by which other routes
 * share each module only made 20-odd small requests of it (35 modulepreloads on /login, 30 of
 * them under 2 kB). Modules only routes share are still split by rolldown's own chunking.
 */
function shellChunk(id: string, ctx: ChunkingContext): string | null {
  // The entry itself (it starts the hydration) stays a chunk of its own, loaded last by React
  // Router's inline module script: the route modules import the shell, never the entry, so
  // importing them cannot start the app before the script has set the router's globals.
  if (id.endsWith(ENTRY)) return null;
  return staticallyImportedBy(SHELL, id, ctx, new Set()) ? 'shell' : null;
}

/** Whether a module is one of `roots` or imported by one of them, through static imports only. */
function staticallyImportedBy(
  roots: readonly string[],
  id: string,
  ctx: ChunkingContext,
  seen: Set<string>,
): boolean {
  if (roots.some((root) => id.endsWith(root))) return true;
  if (seen.has(id)) return false;
  seen.add(id);
  const importers = ctx.getModuleInfo(id)?.importers ?? [];
  return importers.some((importer) => staticallyImportedBy(roots, importer, ctx, seen));
}

/** Vitest runs the components alone (jsdom): React's own plugin, not the framework's. */
const testing = Boolean(process.env.VITEST);

/**
 * React Router's framework mode (react-router.config.ts, docs/decisions/058): `react-router build`
 * builds the browser's app into dist/client and the server build into dist/server (the API server
 * runs it with the request handler its entry.server.tsx exports).
 */
export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: testing ? [react()] : [tailwindcss(), artwork(), reactRouter()],
  build: {
    sourcemap: false,
    target: isSsrBuild ? 'node20' : 'es2022',
    rolldownOptions: isSsrBuild
      ? undefined
      : { output: { codeSplitting: { groups: [{ name: shellChunk }] } } },
  },
  // The server module carries its packages, React's production build among them: the API server
  // imports it from dist/server alone (a production install has no web packages). The dev server
  // loads them from node_modules.
  ssr: { noExternal: command === 'build' ? true : undefined },
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
