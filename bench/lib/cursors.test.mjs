import { describe, expect, it } from 'vitest';
import { cursorsOf, LIST, uncachedPaths } from './cursors.mjs';

describe('uncachedPaths', () => {
  it('gives every page once before it pads, resizes, then says the pages repeat', () => {
    const asked = new Map();
    const repeats = [];
    const next = uncachedPaths({ asked, listed: 30, onRepeat: (t) => repeats.push(t) });
    // 30 parts, pages of 24: 5 starts, 15 pad variants (cursors up to 15 digits), 3 page sizes.
    const paths = Array.from({ length: 5 * 15 * 3 }, next);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.slice(0, 5)).toEqual([0, 4, 3, 2, 1].map((c) => `${LIST}?cursor=${c}`));
    expect(paths[5]).toBe(`${LIST}?cursor=00`);
    expect(paths[75]).toBe(`${LIST}?cursor=0&limit=23`);
    expect(paths[150]).toBe(`${LIST}?cursor=0&limit=25`);
    expect(repeats).toEqual([]);
    expect(next()).toBe(`${LIST}?cursor=0`);
    expect(repeats).toHaveLength(1);
  });

  it('counts on across calls for the same catalogue size, apart for another', () => {
    const asked = new Map();
    const first = uncachedPaths({ asked, listed: 1000, onRepeat: () => {} });
    const again = uncachedPaths({ asked, listed: 1000, onRepeat: () => {} });
    const other = uncachedPaths({ asked, listed: 100_000, onRepeat: () => {} });
    expect(first()).toBe(`${LIST}?cursor=0`);
    // 1,000 parts: 975 starts, a stride of 7919.
    expect(again()).toBe(`${LIST}?cursor=119`);
    expect(other()).toBe(`${LIST}?cursor=0`);
  });
});

describe('cursorsOf', () => {
  it('gives the cursors of uncachedPaths in the same order', () => {
    const next = uncachedPaths({ asked: new Map(), listed: 1000, onRepeat: () => {} });
    const cursor = cursorsOf(1000);
    for (let k = 0; k < 50; k++) expect(next()).toBe(`${LIST}?cursor=${cursor(k)}`);
  });
});
