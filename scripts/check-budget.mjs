// `npm run budget` (after `npm run build`): the JavaScript the home page loads to start, gzipped,
// read from its prerendered HTML (web/dist/client/index.html): the modules its `modulepreload`
// links and its inline module script import (React Router lists every static import of the
// matched routes there, docs/decisions/058); dynamic imports (dialogs, the slider, other pages)
// load on demand and do not count. Prints each chunk's size and PASS or MISS against the cap, and
// exits 1 above it (docs/performance.md, The figures). The cap is the only goal (issue 45).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

/** The hard cap, in bytes (1 kB = 1000 bytes, like Vite's build report). */
export const BUDGET_CAP = 150_000;

/** Gzip at level 9, the level `scripts/precompress.mjs` serves. */
export function gzipSize(data) {
  return zlib.gzipSync(data, { level: 9 }).length;
}

/** The same-origin script URLs a page's HTML loads at once: module preloads and imports. */
function scriptsOf(html) {
  const files = new Set();
  for (const [, href] of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) {
    files.add(href);
  }
  for (const [, src] of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) files.add(src);
  for (const [, body] of html.matchAll(/<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const [, imported] of body.matchAll(/import\s*(?:[^'"]*from\s*)?["']([^"']+)["']/g)) {
      files.add(imported);
    }
  }
  return [...files].filter((file) => file.startsWith('/') && /\.m?js$/.test(file));
}

/**
 * The home page's JavaScript to start in a web build folder (`web/dist`: its prerendered
 * client/index.html). Returns `{ total, chunks: [{ file, bytes, gzip }] }`, sizes in bytes.
 */
export function homeJsBudget(distDir) {
  const client = path.join(distDir, 'client');
  const page = path.join(client, 'index.html');
  if (!fs.existsSync(page)) {
    throw new Error(`No home page at ${page}: build the web app first (npm run build -w web)`);
  }
  const chunks = scriptsOf(fs.readFileSync(page, 'utf8')).map((file) => {
    const data = fs.readFileSync(path.join(client, file));
    return { file: file.slice(1), bytes: data.length, gzip: gzipSize(data) };
  });
  if (chunks.length === 0) throw new Error(`${page} loads no script`);
  return { total: chunks.reduce((sum, chunk) => sum + chunk.gzip, 0), chunks };
}

/**
 * The pages Lighthouse measures (bench/lib/shop.mjs) by their route ids: their first scripts hold
 * no zod. zod and the contract's schemas check the API's answers in a worker (decision 038); a
 * page that imports a schema's value or a helper from the contract's index loads them on the main
 * thread (about 35 kB gzipped and a 30 ms task at 1x), and counts them in Lighthouse's first paint.
 */
export const ZOD_FREE_ROUTES = [
  'home',
  'login',
  'search',
  'part',
  'compare',
  'cart',
  'purchase',
  'myOrders',
];

/** A string every build of zod's core carries (its base type's name). */
const ZOD_MARK = '$ZodType';

/** React Router's manifest of a client build (assets/manifest-*.js): its entry and routes. */
function readManifest(client) {
  const assets = path.join(client, 'assets');
  const file = fs.readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`No React Router manifest in ${assets}: build the web app first`);
  const text = fs.readFileSync(path.join(assets, file), 'utf8');
  return JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1));
}

/**
 * The routes of `routeIds` whose first scripts (the entry's and those of the route and its
 * parents, as React Router preloads them) hold zod: `[{ route, files }]`, empty when none does.
 */
export function zodOnFirstLoad(distDir, routeIds = ZOD_FREE_ROUTES) {
  const client = path.join(distDir, 'client');
  const manifest = readManifest(client);
  const holdsZod = new Map();
  const withZod = (file) => {
    if (!holdsZod.has(file)) {
      holdsZod.set(file, fs.readFileSync(path.join(client, file), 'utf8').includes(ZOD_MARK));
    }
    return holdsZod.get(file);
  };
  return routeIds.flatMap((route) => {
    const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
    for (let id = route; id; id = manifest.routes[id]?.parentId) {
      const entry = manifest.routes[id];
      if (!entry) throw new Error(`No route ${id} in the web build's manifest`);
      for (const file of [entry.module, ...(entry.imports ?? [])]) files.add(file);
    }
    const zod = [...files].filter(withZod);
    return zod.length ? [{ route, files: zod }] : [];
  });
}

const kB = (bytes) => `${(bytes / 1000).toFixed(2)} kB`;

/** The report `npm run budget` prints; `ok` is false above the hard cap. */
export function formatBudget({ total, chunks }, cap = BUDGET_CAP) {
  const width = Math.max(...chunks.map((chunk) => chunk.file.length));
  const lines = chunks.map(
    (chunk) => `  ${chunk.file.padEnd(width)}  ${kB(chunk.gzip).padStart(10)} gzip`,
  );
  lines.push(
    `Home page JavaScript to start: ${kB(total)} gzipped (${chunks.length} chunks)`,
    total <= cap ? `PASS: cap ${kB(cap)} kept` : `MISS: cap ${kB(cap)} EXCEEDED`,
  );
  return { text: lines.join('\n'), ok: total <= cap };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const distDir = path.resolve(
    process.argv[2] ?? path.join(import.meta.dirname, '..', 'web', 'dist'),
  );
  try {
    const { text, ok } = formatBudget(homeJsBudget(distDir));
    console.log(text);
    const zod = zodOnFirstLoad(distDir);
    for (const { route, files } of zod) {
      console.log(`MISS: route ${route} loads zod with its first scripts (${files.join(', ')})`);
    }
    if (zod.length === 0) {
      console.log(`PASS: no zod in the first scripts of ${ZOD_FREE_ROUTES.join(', ')}`);
    }
    process.exitCode = ok && zod.length === 0 ? 0 : 1;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
