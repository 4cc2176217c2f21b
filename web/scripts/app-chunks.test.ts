// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { appChunks, preloadsOnceTakenOver } from './app-chunks.ts';

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

describe('preloads while the app starts', () => {
  // The list as Vite 8 writes it at the top of a chunk, and a use of it.
  const chunkCode =
    'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/form-FFFF.js",' +
    '"assets/slider-GGGG.css","assets/login-page-EEEE.js"])))=>i.map(i=>d[i]);' +
    'export const deps=()=>__vite__mapDeps([0,1,2]);';

  /** Runs the chunk's code with `document` standing for a page whose <html> has `dataApp`. */
  function listed(code: string, dataApp: string | undefined): string[] {
    const document = { documentElement: { dataset: dataApp ? { app: dataApp } : {} } };
    const run = new Function(
      'document',
      `${code.replace('export const', 'const')}; return deps();`,
    );
    return run(document) as string[];
  }

  it('lists only stylesheets until the app has taken the page over, then every chunk', () => {
    const code = preloadsOnceTakenOver(chunkCode, 'assets/start-BBBB.js');
    expect(listed(code, undefined)).toEqual(['assets/slider-GGGG.css']);
    expect(listed(code, 'ready')).toEqual([
      'assets/form-FFFF.js',
      'assets/slider-GGGG.css',
      'assets/login-page-EEEE.js',
    ]);
    // Vite's own list, unchanged, lists all three at any time.
    expect(listed(chunkCode, undefined)).toHaveLength(3);
  });

  it('leaves a chunk without on-demand imports alone', () => {
    expect(preloadsOnceTakenOver('export const a=1;', 'assets/react-CCCC.js')).toBe(
      'export const a=1;',
    );
  });

  it('fails the build when Vite writes the list in a shape it does not know', () => {
    expect(() =>
      preloadsOnceTakenOver(
        'const __vite__mapDeps=(i)=>i.map(i=>["assets/x.js"][i]);',
        'assets/start-BBBB.js',
      ),
    ).toThrow(/start-BBBB.js's preload list has a new shape/);
  });
});
