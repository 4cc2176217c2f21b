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

/**
 * For each page, `rel=modulepreload` for the chunks of its modules and the chunks they import
 * statically, minus those the entry (index.html) loads anyway; `rel=preload; as=style` for their
 * CSS. Throws when a listed module is not in the build (the route table moved).
 */
export function pageHints(
  bundle: Rollup.OutputBundle,
  pages: PageModules,
): Record<string, string[]> {
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
  const hints: Record<string, string[]> = {};
  for (const [route, modules] of Object.entries(pages)) {
    const starts = modules.map((m) => {
      const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(`/${m}`));
      if (!chunk) throw new Error(`page-hints: no chunk for ${m} (route ${route})`);
      return chunk.fileName;
    });
    const files = [...closure(starts)].filter((f) => !entry.has(f));
    const css = files.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]);
    hints[route] = [
      ...files.map((f) => `</${f}>; rel=modulepreload`),
      ...css.map((f) => `</${f}>; rel=preload; as=style`),
    ];
  }
  return hints;
}

export function pageHintsPlugin(pages: PageModules): Plugin {
  return {
    name: 'partsmith-page-hints',
    apply: 'build',
    generateBundle(_options, bundle) {
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
