// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import {
  COMPILE_HINT,
  compileHintChunks,
  heroPreloadLink,
  pageHints,
  pageHintsPlugin,
  zodBeforeFirstRender,
} from './page-hints.ts';

const chunk = (
  fileName: string,
  facade: string | null,
  imports: string[],
  { isEntry = false, dynamicImports = [] as string[], css = [] as string[] } = {},
  moduleIds: string[] = facade ? [facade] : [],
) =>
  ({
    type: 'chunk',
    fileName,
    facadeModuleId: facade,
    imports,
    dynamicImports,
    isEntry,
    moduleIds,
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
  }) as unknown as Rollup.OutputChunk;

const bundle = Object.fromEntries(
  [
    chunk('assets/index.js', '/w/index.html', [], {
      isEntry: true,
      dynamicImports: ['assets/start.js'],
      css: ['assets/index.css'],
    }),
    chunk('assets/start.js', '/w/src/app/start.tsx', ['assets/react.js']),
    chunk('assets/react.js', null, []),
    chunk('assets/login-page.js', '/w/src/login-page.tsx', ['assets/zod.js', 'assets/react.js']),
    chunk('assets/zod.js', null, [], {}, ['/w/node_modules/zod/v4/core/core.js']),
    chunk('assets/home-form.js', '/w/src/home-form.tsx', ['assets/react.js']),
  ].map((c) => [c.fileName, c]),
) as Rollup.OutputBundle;

const CSS = '</assets/index.css>; rel=preload; as=style; crossorigin=anonymous';
const APP = [
  '</assets/index.js>; rel=modulepreload',
  '</assets/start.js>; rel=modulepreload',
  '</assets/react.js>; rel=modulepreload',
];

describe('the page hints', () => {
  it("preloads the stylesheet, then the app's chunks and the page's, each once", () => {
    expect(pageHints(bundle, { '/login': ['src/login-page.tsx'] })).toEqual({
      '/login': [
        CSS,
        ...APP,
        '</assets/login-page.js>; rel=modulepreload',
        '</assets/zod.js>; rel=modulepreload',
      ],
      '*': [CSS, ...APP],
    });
  });

  it('preloads no script with a prerendered page, painted before its app is asked for', () => {
    const hints = pageHints(bundle, { '/login': ['src/login-page.tsx'] }, ['/login', '/']);
    expect(hints).toEqual({ '/login': [], '/': [], '*': [CSS, ...APP] });
    expect(Object.keys(hints).at(-1)).toBe('*');
  });

  it('fails the build when a listed module is not in it', () => {
    expect(() => pageHints(bundle, { '/x': ['src/gone.tsx'] })).toThrow(/no chunk for src\/gone/);
  });

  it('preloads the first hero picture in every width, at high priority', () => {
    const link = heroPreloadLink();
    expect(link).toMatch(/^<\/images\/hero\/slide-1-1280\.webp>; rel=preload; as=image; /);
    expect(link).toContain('/images/hero/slide-1-720.webp 720w');
    expect(link).toContain('imagesizes="');
    expect(link).toContain('fetchpriority=high');
  });

  it('names the measured pages whose first render would load zod, and only those', () => {
    const pages = { '/login': ['src/login-page.tsx'], '/': [] };
    expect(zodBeforeFirstRender(bundle, pages, ['/', '/login'])).toEqual([
      { route: '/login', chunk: 'assets/zod.js' },
    ]);
    expect(zodBeforeFirstRender(bundle, pages, ['/'])).toEqual([]);
  });

  it("gives V8's compile hint to the app the entry starts, alone", () => {
    expect(compileHintChunks(bundle)).toEqual(['assets/start.js']);
  });

  it('also hints a large library the app imports from a chunk of its own, not a small one', () => {
    const withCode = Object.fromEntries(
      Object.entries(bundle).map(([file, c]) => [
        file,
        { ...c, code: file === 'assets/react.js' ? 'x'.repeat(40_000) : '' },
      ]),
    ) as Rollup.OutputBundle;
    expect(compileHintChunks(withCode)).toEqual(['assets/start.js', 'assets/react.js']);
    (withCode['assets/react.js'] as Rollup.OutputChunk).code = 'x'.repeat(1000);
    expect(compileHintChunks(withCode)).toEqual(['assets/start.js']);
  });

  it('the plugin puts the hint atop the app in the build, and only there', () => {
    const code = (file: string) => (built[file] as Rollup.OutputChunk).code;
    const built = Object.fromEntries(
      Object.entries(bundle).map(([file, c]) => [file, { ...c, code: `/* ${file} */` }]),
    ) as Rollup.OutputBundle;
    const plugin = pageHintsPlugin({ '/home': ['src/home-form.tsx'] });
    const emitted: unknown[] = [];
    (plugin.generateBundle as { handler: (...args: unknown[]) => void }).handler.call(
      {
        emitFile: (file: unknown) => emitted.push(file),
        error: (m: string) => {
          throw new Error(m);
        },
      },
      {},
      built,
    );
    expect(code('assets/start.js')).toBe(`${COMPILE_HINT}\n/* assets/start.js */`);
    expect(code('assets/index.js')).toBe('/* assets/index.js */');
    expect(code('assets/react.js')).toBe('/* assets/react.js */');
    expect(code('assets/login-page.js')).toBe('/* assets/login-page.js */');
    expect(emitted).toHaveLength(1);
  });
});
