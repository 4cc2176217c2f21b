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
  isEntry = false,
  moduleIds: string[] = facade ? [facade] : [],
) =>
  ({
    type: 'chunk',
    fileName,
    facadeModuleId: facade,
    imports,
    isEntry,
    moduleIds,
  }) as Rollup.OutputChunk;

const bundle = Object.fromEntries(
  [
    chunk('assets/index.js', '/w/index.html', ['assets/react.js'], true),
    chunk('assets/react.js', null, []),
    chunk('assets/login-page.js', '/w/src/login-page.tsx', ['assets/zod.js', 'assets/react.js']),
    chunk('assets/zod.js', null, [], false, ['/w/node_modules/zod/v4/core/core.js']),
    chunk('assets/home-form.js', '/w/src/home-form.tsx', ['assets/react.js']),
  ].map((c) => [c.fileName, c]),
) as Rollup.OutputBundle;

describe('the page hints', () => {
  it("preloads a page's chunks and what they import, not what the entry loads anyway", () => {
    expect(pageHints(bundle, { '/login': ['src/login-page.tsx'] })).toEqual({
      '/login': [
        '</assets/login-page.js>; rel=modulepreload',
        '</assets/zod.js>; rel=modulepreload',
      ],
    });
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

  it("gives V8's compile hint to the entry alone", () => {
    expect(compileHintChunks(bundle)).toEqual(['assets/index.js']);
  });

  it('the plugin puts the hint atop the entry in the build, and only there', () => {
    const code = (file: string) => (built[file] as Rollup.OutputChunk).code;
    const built = Object.fromEntries(
      Object.entries(bundle).map(([file, c]) => [file, { ...c, code: `/* ${file} */` }]),
    ) as Rollup.OutputBundle;
    const plugin = pageHintsPlugin({ '/home': ['src/home-form.tsx'] });
    const emitted: unknown[] = [];
    (plugin.generateBundle as (...args: unknown[]) => void).call(
      {
        emitFile: (file: unknown) => emitted.push(file),
        error: (m: string) => {
          throw new Error(m);
        },
      },
      {},
      built,
    );
    expect(code('assets/index.js')).toBe(`${COMPILE_HINT}\n/* assets/index.js */`);
    expect(code('assets/react.js')).toBe('/* assets/react.js */');
    expect(code('assets/login-page.js')).toBe('/* assets/login-page.js */');
    expect(emitted).toHaveLength(1);
  });
});
