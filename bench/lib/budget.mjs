// The home page's JavaScript to start: the entry chunk of index.html, the app it imports at once
// and every chunk those import statically (other dynamic imports load later), gzipped, from
// Vite's manifest (the same count as scripts/check-budget.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { repoRoot } from './server.mjs';

export function homeJsGzipBytes(distDir) {
  const manifestFile = path.join(distDir, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile))
    throw new Error(`${manifestFile} is missing: build the web with build.manifest on`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'));
  if (!entry) throw new Error('the manifest has no index.html entry');
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  for (const app of manifest[entry].dynamicImports ?? []) visit(app);
  let bytes = 0;
  for (const file of files) {
    if (!file.endsWith('.js')) continue;
    bytes += zlib.gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length;
  }
  return { bytes, files: [...files] };
}

/**
 * scripts/check-budget.mjs's homeJsBudget(distDir), when the project has it (one measurement for
 * the budget check and the benchmark); else the function above.
 */
export async function measureHomeJs(distDir = path.join(repoRoot, 'web/dist')) {
  const shared = path.join(repoRoot, 'scripts/check-budget.mjs');
  if (fs.existsSync(shared)) {
    const mod = await import(pathToFileURL(shared).href);
    if (typeof mod.homeJsBudget === 'function') {
      const answer = await mod.homeJsBudget(distDir);
      const bytes = typeof answer === 'number' ? answer : (answer?.gzipBytes ?? answer?.bytes);
      if (Number.isFinite(bytes)) return { bytes, source: 'scripts/check-budget.mjs' };
    }
  }
  return { ...homeJsGzipBytes(distDir), source: 'Vite manifest (bench/lib/budget.mjs)' };
}
