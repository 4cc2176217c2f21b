#!/usr/bin/env node
// The production install: a folder that holds the built shop and only what it runs.
//
//   npm install && npm run build            # on the build machine (or a build stage)
//   node scripts/production-install.mjs /srv/partsmith
//   cd /srv/partsmith && npm run serve      # with the shop's environment (docs/operations.md)
//
// It copies the built server (server/dist) and web app (web/dist) with the manifests and the
// committed lockfile, then runs `npm install --omit=dev` there: the server's dependencies are
// exactly the packages its bundle leaves external (server/externals.mjs), so no test runner,
// Lighthouse, bench, proof or build tool is installed. Also a module: the production-install
// proof and the bench call productionInstall() and installSize().
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WORKSPACES = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces;
/** What the running shop reads besides node_modules. */
const BUILT = ['server/dist', 'web/dist', 'server/node-flags.mjs'];

/** Bytes of the files under a folder (what it takes on disk, near enough). */
export function installSize(dir) {
  let bytes = 0;
  const walk = (folder) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.isFile()) bytes += fs.statSync(file).size;
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return bytes;
}

/** The names of the packages installed in a node_modules folder (scoped ones as @scope/name). */
export function installedPackages(nodeModules) {
  const names = [];
  for (const entry of fs.readdirSync(nodeModules, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    if (entry.name.startsWith('@')) {
      for (const inner of fs.readdirSync(path.join(nodeModules, entry.name)))
        names.push(`${entry.name}/${inner}`);
    } else names.push(entry.name);
  }
  return names.sort();
}

/**
 * Makes the production install in `target` (created; it must be empty or missing): the built
 * shop, the manifests, the lockfile, and `npm install --omit=dev`. `npmArgs` are added to npm's
 * (the proof passes --prefer-offline: the packages are in npm's cache after the full install).
 */
export function productionInstall(target, { npmArgs = [], echo = false } = {}) {
  for (const built of BUILT.slice(0, 2))
    if (!fs.existsSync(path.join(root, built)))
      throw new Error(`${built} is missing: run \`npm run build\` first`);
  if (fs.existsSync(target) && fs.readdirSync(target).length > 0)
    throw new Error(`${target} is not empty: give a new or empty folder`);
  fs.mkdirSync(target, { recursive: true });
  for (const file of ['package.json', 'package-lock.json', '.npmrc'])
    if (fs.existsSync(path.join(root, file)))
      fs.copyFileSync(path.join(root, file), path.join(target, file));
  // npm needs every workspace's manifest to follow the lockfile; only the server's and the
  // contract's production dependencies are installed (the others have none).
  for (const workspace of WORKSPACES) {
    fs.mkdirSync(path.join(target, workspace), { recursive: true });
    fs.copyFileSync(
      path.join(root, workspace, 'package.json'),
      path.join(target, workspace, 'package.json'),
    );
  }
  for (const built of BUILT)
    fs.cpSync(path.join(root, built), path.join(target, built), { recursive: true });
  const started = Date.now();
  const npm = spawnSync('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', ...npmArgs], {
    cwd: target,
    stdio: echo ? 'inherit' : 'pipe',
    encoding: 'utf8',
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
  if (npm.status !== 0)
    throw new Error(`npm install --omit=dev failed:\n${npm.stderr ?? ''}${npm.stdout ?? ''}`);
  return {
    ms: Date.now() - started,
    nodeModules: installSize(path.join(target, 'node_modules')),
    packages: installedPackages(path.join(target, 'node_modules')),
    total: installSize(target),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const target = process.argv[2];
  if (!target || target === '--help' || target === '-h') {
    process.stdout.write(
      'Usage: node scripts/production-install.mjs <folder>\n' +
        '  Copies the built shop (npm run build first) into <folder> and installs only the\n' +
        '  packages it runs (npm install --omit=dev). Start it there with `npm run serve`.\n',
    );
    process.exit(target ? 0 : 1);
  }
  try {
    const made = productionInstall(path.resolve(target), { echo: true });
    process.stdout.write(
      `\nproduction install in ${path.resolve(target)}: ${made.packages.length} packages, ` +
        `node_modules ${(made.nodeModules / 1e6).toFixed(1)} MB, ` +
        `all ${(made.total / 1e6).toFixed(1)} MB\n`,
    );
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
