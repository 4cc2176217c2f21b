// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { appChunks } from './app-chunks.ts';

const chunk = (fileName: string, imports: string[], extra: Partial<Rollup.OutputChunk> = {}) =>
  ({
    type: 'chunk',
    fileName,
    imports,
    dynamicImports: [],
    isEntry: false,
    ...extra,
  }) as unknown as Rollup.OutputChunk;

/** The shop's shape: the entry imports the app on demand; the app imports pages on demand. */
const bundle = (): Rollup.OutputBundle => {
  const chunks = [
    chunk('assets/index-AAAA.js', [], { isEntry: true, dynamicImports: ['assets/start-BBBB.js'] }),
    chunk('assets/start-BBBB.js', [
      'assets/react-CCCC.js',
      'assets/api-client-DDDD.js',
      'assets/index-AAAA.js',
    ]),
    chunk('assets/react-CCCC.js', []),
    chunk('assets/api-client-DDDD.js', ['assets/react-CCCC.js']),
    chunk('assets/login-page-EEEE.js', ['assets/react-CCCC.js', 'assets/form-FFFF.js']),
    chunk('assets/form-FFFF.js', ['assets/react-CCCC.js']),
  ];
  return Object.fromEntries(chunks.map((c) => [c.fileName, c]));
};

function built() {
  const app = appChunks();
  const hook = app.plugin.generateBundle as {
    handler: (o: unknown, b: Rollup.OutputBundle) => void;
  };
  hook.handler({}, bundle());
  return app;
}

describe('preloads of code loaded on demand', () => {
  it('leave out what the entry and the app have loaded', () => {
    const { resolveDependencies } = built();
    const deps = [
      'assets/login-page-EEEE.js',
      'assets/react-CCCC.js',
      'assets/form-FFFF.js',
      'assets/api-client-DDDD.js',
      'assets/index-AAAA.js',
    ];
    expect(
      resolveDependencies('assets/login-page-EEEE.js', deps, {
        hostId: 'assets/start-BBBB.js',
        hostType: 'js',
      }),
    ).toEqual(['assets/login-page-EEEE.js', 'assets/form-FFFF.js']);
  });

  it("preload nothing for the entry's import of the app, and leave index.html's alone", () => {
    const { resolveDependencies } = built();
    const deps = ['assets/react-CCCC.js', 'assets/api-client-DDDD.js'];
    expect(
      resolveDependencies('assets/start-BBBB.js', deps, {
        hostId: 'assets/index-AAAA.js',
        hostType: 'js',
      }),
    ).toEqual([]);
    expect(
      resolveDependencies('index.html', deps, { hostId: 'index.html', hostType: 'html' }),
    ).toEqual(deps);
  });

  it('fail the build rather than guess when asked before the bundle was read', () => {
    const { resolveDependencies } = appChunks();
    expect(() =>
      resolveDependencies('assets/login-page-EEEE.js', ['assets/react-CCCC.js'], {
        hostId: 'assets/start-BBBB.js',
        hostType: 'js',
      }),
    ).toThrow(/before the bundle was read/);
  });
});
