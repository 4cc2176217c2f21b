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

/** A fake build: the manifest and one JavaScript file per chunk, each with distinct content. */
function fakeBuild(manifest, files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'budget-'));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  for (const [file, content] of Object.entries(files)) {
    fs.writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

const code = (name, size) =>
  Array.from({ length: size }, (_, i) => `var ${name}${i}=${i * 7919};`).join('\n');

describe('homeJsBudget', () => {
  it('counts the entry, the app it starts and their static imports, once, no other dynamic import', () => {
    const files = {
      'assets/index.js': code('entry', 30),
      'assets/app.js': code('app', 300),
      'assets/react.js': code('react', 200),
      'assets/shared.js': code('shared', 100),
      'assets/slider.js': code('slider', 500),
      'assets/dialog.js': code('dialog', 400),
    };
    const dir = fakeBuild(
      {
        'index.html': {
          file: 'assets/index.js',
          isEntry: true,
          imports: ['_shared.js'],
          dynamicImports: ['src/app.tsx'],
          css: ['assets/index.css'],
        },
        'src/app.tsx': {
          file: 'assets/app.js',
          isDynamicEntry: true,
          imports: ['_react.js', '_shared.js'],
          dynamicImports: ['src/slider.tsx'],
        },
        '_react.js': { file: 'assets/react.js', imports: ['_shared.js'] },
        '_shared.js': { file: 'assets/shared.js' },
        'src/slider.tsx': {
          file: 'assets/slider.js',
          isDynamicEntry: true,
          imports: ['src/app.tsx', '_dialog.js'],
        },
        '_dialog.js': { file: 'assets/dialog.js' },
      },
      files,
    );

    const budget = homeJsBudget(dir);

    const counted = ['assets/index.js', 'assets/shared.js', 'assets/app.js', 'assets/react.js'];
    expect(budget.chunks.map((c) => c.file)).toEqual(counted);
    const expected = counted.map((f) => gzipSize(Buffer.from(files[f])));
    expect(budget.chunks.map((c) => c.gzip)).toEqual(expected);
    expect(budget.total).toBe(expected.reduce((a, b) => a + b, 0));
  });

  it('says to build first when there is no manifest', () => {
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
