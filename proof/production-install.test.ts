// The lean production install: `node scripts/production-install.mjs <folder>` (the built shop
// and `npm install --omit=dev`) holds what the shop runs and no test runner, Lighthouse, bench,
// proof or build tool; the server's dependencies are exactly what its bundle leaves external;
// and the shop starts from that folder alone and serves.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../server/node-flags.mjs';
import { EXTERNAL, EXTERNAL_WITHOUT_DEPENDENCY } from '../server/externals.mjs';
import { productionInstall } from '../scripts/production-install.mjs';
import { BASE_PORT, tempDataDir } from './lib/env.ts';
import { call, figure } from './lib/shop.ts';

const root = path.resolve(import.meta.dirname, '..');
const PORT = BASE_PORT + 80;
/** Packages a production install must not hold: what tests, measures or builds the shop. */
const TOOLS = [
  'vitest',
  '@playwright/test',
  'playwright',
  'playwright-core',
  'lighthouse',
  'chrome-launcher',
  'autocannon',
  'puppeteer-core',
  'jsdom',
  'vite',
  'rolldown',
  'esbuild',
  'tsx',
  'typescript',
  'eslint',
  'prettier',
  'drizzle-kit',
  '@redocly/cli',
  'openapi-typescript',
  'fast-check',
  's3rver',
  'smtp-server',
  'oidc-provider',
  '@axe-core/playwright',
  'tailwindcss',
  'daisyui',
  // The web app's packages are in web/dist's bundle; the server's bundled ones in main.js.
  'react',
  'react-dom',
  'fastify',
  'better-auth',
  'drizzle-orm',
];

const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('production install', () => {
  it("the server's dependencies are exactly the packages its bundle leaves external", () => {
    const server = JSON.parse(fs.readFileSync(path.join(root, 'server/package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const dependencies = Object.keys(server.dependencies);
    const covered = (name: string) =>
      EXTERNAL.some((external) => name === external || name.startsWith(`${external}/`));
    expect(
      dependencies.filter((name) => !covered(name)),
      'bundled, yet a dependency',
    ).toEqual([]);
    const needed = EXTERNAL.filter((name) => !EXTERNAL_WITHOUT_DEPENDENCY.includes(name));
    const missing = needed.filter(
      (external) =>
        !dependencies.some((name) => name === external || name.startsWith(`${external}/`)),
    );
    expect(missing, 'external, yet not a dependency').toEqual([]);
  });

  it('holds only what the shop runs, and the shop starts from it and serves', async () => {
    const target = fs.mkdtempSync(path.join(os.tmpdir(), 'partsmith-production-'));
    cleanups.push(() => fs.rmSync(target, { recursive: true, force: true }));
    // The packages are in npm's cache after the full install: no download needed.
    const made = productionInstall(target, { npmArgs: ['--prefer-offline'] });
    const tools = made.packages.filter((name) => TOOLS.includes(name));
    figure(
      `[production-install] npm install --omit=dev: ${made.packages.length} packages, ` +
        `node_modules ${(made.nodeModules / 1e6).toFixed(1)} MB, with the built shop ` +
        `${(made.total / 1e6).toFixed(1)} MB, in ${(made.ms / 1000).toFixed(1)} s; tools: ` +
        `${tools.length ? tools.join(', ') : 'none'}`,
    );
    expect(tools).toEqual([]);

    // The shop, from that folder alone: the embedded database, the demo catalogue, the pages.
    const data = tempDataDir('production');
    cleanups.push(() => data.remove());
    const child = spawn(
      process.execPath,
      [...SERVER_NODE_FLAGS, path.join(target, 'server/dist/main.js')],
      {
        cwd: target,
        env: {
          ...SERVER_ENV,
          PATH: process.env.PATH,
          PORT: String(PORT),
          HOST: '127.0.0.1',
          DATA_DIR: data.dir,
          NODE_ENV: 'production',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    cleanups.push(async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    });
    const base = `http://127.0.0.1:${PORT}`;
    let ready = 0;
    for (let i = 0; i < 600 && ready !== 200 && child.exitCode === null; i++) {
      ready = await call(base, 'GET', '/api/readyz').then(
        (res) => res.status,
        () => 0,
      );
      if (ready !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(ready, output).toBe(200);
    const parts = await call<unknown[]>(base, 'GET', '/api/allParts');
    const home = await call<string>(base, 'GET', '/');
    const docs = await call(base, 'GET', '/api/docs/json');
    figure(
      `[production-install]   started from it: readyz ${ready}, /api/allParts ${parts.status} ` +
        `(${Array.isArray(parts.body) ? parts.body.length : 0} parts), / ${home.status}, ` +
        `/api/docs/json ${docs.status}`,
    );
    expect(parts.status).toBe(200);
    expect(Array.isArray(parts.body) && parts.body.length).toBeGreaterThan(0);
    expect(home.status).toBe(200);
    // The prerendered home page, whole: its main holds the page.
    expect(String(home.body)).toMatch(/<main id="main"[^>]*>\s*<[a-z]/);
    expect(docs.status).toBe(200);
    // sharp (native) and the AWS SDK load from it too: they are imported on first use only.
    const load = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "await import('sharp'); await import('@aws-sdk/client-s3'); console.log('loaded')",
      ],
      { cwd: path.join(target, 'server/dist'), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let loaded = '';
    load.stdout.on('data', (chunk: Buffer) => (loaded += chunk.toString()));
    await new Promise((resolve) => load.on('exit', resolve));
    expect(loaded.trim()).toBe('loaded');
  });
});
