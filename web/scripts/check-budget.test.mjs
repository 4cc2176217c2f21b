// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formatBudget, gzipSize, homeJsBudget } from '../../scripts/check-budget.mjs';

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
