// `npm run budget` (after `npm run build`): the JavaScript the home page loads to start, gzipped,
// measured from the Vite manifest. That is the entry chunk, the app it imports at once (after the
// first paint on a prerendered page, docs/decisions/038; "home JS before first paint" is
// counted as strictly as when the app was the entry) and every chunk those import statically
// (transitively); other dynamic imports (dialogs, the slider, other pages) load on demand and do
// not count. Prints each chunk's size and PASS or MISS against the cap, and exits 1 above it
// (docs/performance.md, The figures). The cap is the only goal: the 130 kB target that bent
// code for bytes is retired (issue 45).
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

/**
 * The home page's JavaScript to start in a web build folder (`web/dist`).
 * Returns `{ total, chunks: [{ file, bytes, gzip }] }`, the entry chunk first, sizes in bytes.
 */
export function homeJsBudget(distDir) {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) {
    throw new Error(
      `No Vite manifest at ${manifestFile}: build the web app first (npm run build -w web)`,
    );
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const entry = entries.includes('index.html') ? 'index.html' : entries[0];
  if (!entry) throw new Error(`The manifest ${manifestFile} has no entry chunk`);

  const seen = new Set();
  const order = [];
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest lists an import it does not describe: ${key}`);
    order.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  for (const app of manifest[entry].dynamicImports ?? []) visit(app);

  const chunks = order
    .filter((file) => /\.m?js$/.test(file))
    .map((file) => {
      const data = fs.readFileSync(path.join(distDir, file));
      return { file, bytes: data.length, gzip: gzipSize(data) };
    });
  return { total: chunks.reduce((sum, chunk) => sum + chunk.gzip, 0), chunks };
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
    process.exitCode = ok ? 0 : 1;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
