// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  formatBudget,
  gzipSize,
  homeJsBudget,
  zodOnFirstLoad,
} from '../../scripts/check-budget.mjs';

const dirs = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A fake build: web/dist with client/index.html and one JavaScript file per chunk. */
function fakeBuild(html, files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'budget-'));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, 'client', 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'client', 'index.html'), html);
  for (const [file, content] of Object.entries(files)) {
    fs.writeFileSync(path.join(dir, 'client', file), content);
  }
  return dir;
}

const code = (name, size) =>
  Array.from({ length: size }, (_, i) => `var ${name}${i}=${i * 7919};`).join('\n');

describe('homeJsBudget', () => {
  it('counts the modules the home page preloads and imports, once, and nothing it loads later', () => {
    const files = {
      'assets/manifest.js': code('manifest', 30),
      'assets/entry.js': code('entry', 300),
      'assets/react.js': code('react', 200),
      'assets/home.js': code('home', 100),
      'assets/slider.js': code('slider', 500),
    };
    const html = [
      '<!DOCTYPE html><html><head>',
      '<link rel="modulepreload" href="/assets/manifest.js"/>',
      '<link rel="modulepreload" href="/assets/entry.js"/>',
      '<link rel="modulepreload" href="/assets/react.js"/>',
      '<link rel="stylesheet" href="/assets/root.css"/>',
      '<link rel="preload" as="image" href="/images/hero.webp"/>',
      '</head><body>',
      '<script>window.__reactRouterContext = {};</script>',
      '<script type="module" async="">import "/assets/manifest.js";',
      'import * as route0 from "/assets/home.js";',
      'import("/assets/entry.js");</script>',
      '<script type="application/ld+json">{"a":1}</script>',
      '</body></html>',
    ].join('');
    const dir = fakeBuild(html, files);

    const budget = homeJsBudget(dir);

    const counted = ['assets/manifest.js', 'assets/entry.js', 'assets/react.js', 'assets/home.js'];
    expect(budget.chunks.map((c) => c.file)).toEqual(counted);
    const expected = counted.map((f) => gzipSize(Buffer.from(files[f])));
    expect(budget.chunks.map((c) => c.gzip)).toEqual(expected);
    expect(budget.total).toBe(expected.reduce((a, b) => a + b, 0));
  });

  it('says to build first when there is no home page', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'budget-'));
    dirs.push(dir);
    expect(() => homeJsBudget(dir)).toThrow(/build the web app first/);
  });
});

describe('formatBudget', () => {
  const chunks = (gzip) => ({ total: gzip, chunks: [{ file: 'assets/index.js', bytes: 1, gzip }] });

  it('passes up to the hard cap and fails above it', () => {
    expect(formatBudget(chunks(140_000))).toMatchObject({ ok: true });
    expect(formatBudget(chunks(150_000)).text).toMatch(/PASS: cap 150\.00 kB kept/);
    expect(formatBudget(chunks(150_000)).ok).toBe(true);
    expect(formatBudget(chunks(150_001)).text).toMatch(/MISS: cap 150\.00 kB EXCEEDED/);
    expect(formatBudget(chunks(150_001)).ok).toBe(false);
    expect(formatBudget(chunks(150_001)).text).toMatch(/Home page JavaScript .*150\.00 kB gzipped/);
  });
});

describe('zodOnFirstLoad', () => {
  /** A fake build with React Router's manifest: an entry, a parent route and two pages. */
  function fakeManifestBuild(files) {
    const manifest = {
      entry: { module: '/assets/entry.js', imports: ['/assets/runtime.js'] },
      routes: {
        root: { id: 'root', module: '/assets/root.js', imports: ['/assets/entry.js'] },
        login: { id: 'login', parentId: 'root', module: '/assets/login.js', imports: [] },
        cart: {
          id: 'cart',
          parentId: 'root',
          module: '/assets/cart.js',
          imports: ['/assets/schemas.js'],
        },
      },
    };
    return fakeBuild('<!DOCTYPE html>', {
      'assets/manifest-abc123.js': `window.__reactRouterManifest=${JSON.stringify(manifest)};`,
      'assets/entry.js': code('entry', 10),
      'assets/runtime.js': code('runtime', 5),
      'assets/root.js': code('root', 5),
      'assets/login.js': code('login', 5),
      'assets/cart.js': code('cart', 5),
      ...files,
    });
  }

  it("names the pages whose route, parents or entry load zod's core, with the files", () => {
    const dir = fakeManifestBuild({ 'assets/schemas.js': 'class $ZodType{};' + code('s', 5) });
    expect(zodOnFirstLoad(dir, ['login', 'cart'])).toEqual([
      { route: 'cart', files: ['/assets/schemas.js'] },
    ]);
  });

  it("counts the entry's and the parent route's scripts for every page", () => {
    const dir = fakeManifestBuild({
      'assets/schemas.js': code('s', 5),
      'assets/root.js': 'const t="$ZodType";',
    });
    expect(zodOnFirstLoad(dir, ['login', 'cart']).map((r) => r.route)).toEqual(['login', 'cart']);
  });

  it('refuses a route the manifest does not have', () => {
    const dir = fakeManifestBuild({ 'assets/schemas.js': code('s', 5) });
    expect(() => zodOnFirstLoad(dir, ['nope'])).toThrow('No route nope');
  });
});
