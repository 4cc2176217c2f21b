// src/index.css builds only the daisyUI components it names (`include:`). A class of a component
// left out would style nothing, silently: this test fails when the shop's code uses one.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = import.meta.dirname;
const daisyRoot = path.dirname(createRequire(import.meta.filename).resolve('daisyui/package.json'));

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Every whitespace-separated word of every string literal in the shop's code, variants removed. */
const words = new Set(
  sources(SRC).flatMap((file) =>
    [
      ...fs
        .readFileSync(file, 'utf8')
        .replace(/^\s*(\/\/|\*).*$/gm, '')
        .matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g),
    ].flatMap((m) => (m[2] ?? '').split(/\s+/).map((w) => w.split(':').pop() ?? '')),
  ),
);

const included = new Set(
  /include:([^;]*);/
    .exec(fs.readFileSync(path.join(SRC, 'index.css'), 'utf8'))?.[1]
    ?.split(',')
    .map((name) => name.trim()) ?? [],
);

/**
 * Words that are a left-out component's class but appear in the code as something else:
 * role="status", the query keys' 'list', "footer"/"hero"/"carousel" in image and section names,
 * and 'loading' (an image's loading attribute, the navbar's session state; the shop's spinner is
 * its own `spinner` utility, docs/decisions/038), and type="checkbox".
 */
const NOT_CLASSES = new Set([
  'status',
  'list',
  'footer',
  'hero',
  'carousel',
  'loading',
  // An input's type (the search's filters are native checkboxes, not daisyUI's).
  'checkbox',
]);
/** Responsive sizes every component declares; not a component's own class. */
const SIZES = new Set(['xs', 'sm', 'md', 'lg', 'xl']);

describe('index.css daisyUI include list', () => {
  it('names existing daisyUI parts', () => {
    const known = ['base', 'components', 'utilities'].flatMap((kind) =>
      fs
        .readdirSync(path.join(daisyRoot, kind))
        .filter((f) => f.endsWith('.css'))
        .map((f) => f.replace(/\.css$/, '')),
    );
    expect(included.size).toBeGreaterThan(10);
    expect([...included].filter((name) => !known.includes(name))).toEqual([]);
  });

  it('leaves out no component whose classes the code uses', () => {
    const missing: string[] = [];
    for (const kind of ['components', 'utilities']) {
      for (const file of fs.readdirSync(path.join(daisyRoot, kind))) {
        const name = file.replace(/\.css$/, '');
        if (!file.endsWith('.css') || included.has(name)) continue;
        const css = fs.readFileSync(path.join(daisyRoot, kind, file), 'utf8');
        const own = new Set([...css.matchAll(/\.([a-z][a-z0-9-]*)/g)].map((m) => m[1] ?? ''));
        // Classes that are also another, included component's (join styles .btn) do not count.
        const used = [...own].filter(
          (c) => words.has(c) && !NOT_CLASSES.has(c) && !SIZES.has(c) && !includedClass(c),
        );
        if (used.length > 0) missing.push(`${name} (${used.join(', ')})`);
      }
    }
    expect(missing).toEqual([]);
  });
});

/** Whether an included component defines this class at its top level (`.btn{`, `.btn,`). */
function includedClass(cls: string): boolean {
  return [...included].some((name) =>
    ['components', 'utilities'].some((kind) => {
      const file = path.join(daisyRoot, kind, `${name}.css`);
      return (
        fs.existsSync(file) && new RegExp(`\\.${cls}(?![\\w-])`).test(fs.readFileSync(file, 'utf8'))
      );
    }),
  );
}

describe('index.css animations', () => {
  const css = fs.readFileSync(path.join(SRC, 'index.css'), 'utf8');

  it("turns the shop's spinner with a transform only, which the compositor runs (decision 038)", () => {
    const keyframes = /@keyframes spinner-turn\s*{([\s\S]*?)\n}/.exec(css)?.[1] ?? '';
    const properties = [...keyframes.matchAll(/([a-z-]+)\s*:/g)].map((m) => m[1]);
    expect(properties).toEqual(['transform']);
    expect(css).toMatch(/@utility spinner\s*{[^}]*animation: spinner-turn [^;]*infinite;/);
  });

  it('fades the loading placeholders with opacity only, which the compositor runs', () => {
    const keyframes = /@keyframes skeleton-fade\s*{([\s\S]*?)\n}/.exec(css)?.[1] ?? '';
    const properties = [...keyframes.matchAll(/([a-z-]+)\s*:/g)].map((m) => m[1]);
    expect(properties).toEqual(['opacity']);
    expect(css).toMatch(/@utility skeleton-pulse\s*{[^}]*animation: skeleton-fade [^;]*infinite;/);
  });

  it("leaves out daisyUI's spinner and skeleton, whose animations are painted on the main thread", () => {
    expect(included.has('loading')).toBe(false);
    expect(included.has('skeleton')).toBe(false);
  });
});

describe("index.css toast colours (sonner's rich colours)", () => {
  const css = fs.readFileSync(path.join(SRC, 'index.css'), 'utf8');
  const sonner = fs.readFileSync(
    createRequire(import.meta.filename).resolve('sonner/dist/styles.css'),
    'utf8',
  );
  const LIGHT = "[data-sonner-toaster][data-sonner-theme='light'] {";

  /** The custom properties of the first rule whose selector ends with LIGHT. */
  function variables(sheet: string, prefix: string): Map<string, string> {
    const start = sheet.indexOf(`${prefix}${LIGHT}`);
    const body = start < 0 ? '' : sheet.slice(start, sheet.indexOf('}', start));
    return new Map([...body.matchAll(/(--[a-z-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!]));
  }

  /** An sRGB colour as #rrggbb or hsl(h, s%, l%), as 0-255 channels. */
  function rgb(colour: string): number[] {
    const hex = /^#([0-9a-f]{6})$/i.exec(colour.trim());
    if (hex) return [0, 2, 4].map((i) => parseInt(hex[1]!.slice(i, i + 2), 16));
    const [h, s, l] = (/^hsl\((\d+),\s*(\d+)%,\s*(\d+)%\)$/.exec(colour.trim()) ?? [])
      .slice(1)
      .map(Number);
    if (h === undefined || s === undefined || l === undefined) throw new Error(colour);
    const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
    return [0, 8, 4].map((n) => {
      const k = (n + h / 30) % 12;
      return Math.round((l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))) * 255);
    });
  }

  const luminance = (channels: number[]) => {
    const [r = 0, g = 0, b = 0] = channels.map((v) =>
      v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4,
    );
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const contrast = (a: string, b: string) => {
    const [light, dark] = [luminance(rgb(a)), luminance(rgb(b))].sort((x, y) => y - x);
    return (light! + 0.05) / (dark! + 0.05);
  };

  it('gives every type text that meets WCAG AA (4.5:1) on its background', () => {
    const theirs = variables(sonner, '');
    const ours = variables(css, ':root ');
    expect(contrast(theirs.get('--success-text')!, theirs.get('--success-bg')!)).toBeLessThan(4.5);
    for (const type of ['success', 'info', 'warning', 'error']) {
      const text = ours.get(`--${type}-text`);
      const background = ours.get(`--${type}-bg`) ?? theirs.get(`--${type}-bg`);
      expect(text, type).toBeDefined();
      expect(background, type).toBeDefined();
      expect(contrast(text!, background!), type).toBeGreaterThanOrEqual(4.5);
    }
  });
});
