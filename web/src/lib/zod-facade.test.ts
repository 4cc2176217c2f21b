// The web build resolves 'zod' to src/lib/zod-facade.ts: every builder the shop's code calls on
// `z` (web and contract sources) must be on the facade, or that code would throw in the browser.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z as real } from 'zod/v4';
import { z } from './zod-facade.ts';

/** Members of `z` that are types only (erased by the compiler), never looked up at run time. */
const TYPE_ONLY = new Set(['infer', 'input', 'output', 'ZodType']);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const roots = ['../../src', '../../../contract/src'].map((p) => new URL(p, import.meta.url));
const used = new Set(
  roots
    .flatMap((root) => sources(root.pathname))
    .flatMap((file) =>
      [
        ...fs
          .readFileSync(file, 'utf8')
          .replace(/\/\/.*$/gm, '')
          .matchAll(/\bz\.(\w+)/g),
      ].map((m) => m[1] ?? ''),
    )
    .filter((name) => !TYPE_ONLY.has(name)),
);

describe('zod facade', () => {
  it('finds the builders the sources use', () => {
    expect(used.has('object')).toBe(true);
    expect(used.size).toBeGreaterThan(5);
  });

  it.each([...used].sort())('has z.%s, the same function as zod’s', (name) => {
    expect(Object.keys(z)).toContain(name);
    expect(z[name as keyof typeof z]).toBe(real[name as keyof typeof real]);
  });
});
