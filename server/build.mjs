// Bundles the server into dist/main.js, with the contract and most npm packages bundled in: a few
// files parse much faster than Node resolving and loading hundreds of ES modules (start-up on an
// existing data folder went from about 2 s to 1.3 s here; docs/decisions/037). What the server
// imports only when first needed (PGlite's driver, the order mails and their renderer) is split
// into chunks loaded then, and code the entry points share into chunks beside them (decision
// 071). Packages that load files beside themselves (native code, wasm, static assets, worker
// threads) or that load only when first needed stay external, in node_modules (externals.mjs:
// they are the server's production dependencies). Migrations are copied beside it.
import { build, transform } from 'esbuild';
import fs from 'node:fs';
import { isExternal } from './externals.mjs';

const here = new URL('.', import.meta.url);
fs.rmSync(new URL('dist', here), { recursive: true, force: true });

await build({
  entryPoints: {
    main: new URL('src/main.ts', here).pathname,
    admin: new URL('src/cli/admin.ts', here).pathname,
    reconcile: new URL('src/cli/reconcile.ts', here).pathname,
    backup: new URL('src/cli/backup.ts', here).pathname,
    restore: new URL('src/cli/restore.ts', here).pathname,
    // The threads that draw the PDFs load it beside main.js (modules/invoices/pdf-pool.ts).
    'pdf-worker': new URL('src/modules/invoices/pdf-worker.ts', here).pathname,
    // The catalogue import's thread, loaded from beside main.js (modules/parts/csv-import.ts).
    'csv-worker': new URL('src/modules/parts/csv-worker.ts', here).pathname,
  },
  outdir: new URL('dist', here).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  // Modules loaded with import() become chunks of their own, loaded when first imported: PGlite's
  // driver (src/db/pglite.ts) is not loaded by a shop on PostgreSQL (decision 071). Code the
  // entry points share goes into chunks beside them.
  splitting: true,
  target: 'node20',
  sourcemap: true,
  // Bundled CommonJS packages call require(): give the ES module bundle one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          isExternal(args.path) ? { path: args.path, external: true } : undefined,
        );
      },
    },
  ],
});

/**
 * Characters above U+00FF, one each (a UTF-16 unit), and the ASCII character put in their place.
 * V8 keeps a script's source for as long as the script lives, as one byte a character when every
 * character fits in Latin-1 and as two otherwise: a single dash in a comment made main.js's 9.4
 * million characters take 18.8 MB of the server's heap instead of 9.4 (decision 068). esbuild
 * writes strings, regular expressions and names in ASCII (its default charset), but copies
 * comments as they are.
 */
const WIDE = /[\u0100-\uffff]/g;
const NARROW = {
  '\u2013': '-',
  '\u2014': '-',
  '\u2018': "'",
  '\u2019': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u2026': '.',
};

/**
 * The bundle with every character above U+00FF in its comments made one ASCII character (so
 * that the source map's columns still hold). Refuses when such a character is anywhere else:
 * the code without its comments must be the same before and after.
 */
async function latin1Comments(file) {
  const code = fs.readFileSync(file, 'utf8');
  if (!code.match(WIDE)) return;
  const narrowed = code.replace(WIDE, (c) => NARROW[c] ?? '?');
  const bare = (text) =>
    transform(text, {
      minifyWhitespace: true,
      legalComments: 'none',
      format: 'esm',
      target: 'node20',
    });
  const [before, after] = await Promise.all([bare(code), bare(narrowed)]);
  if (before.code !== after.code)
    throw new Error(`${file}: a character above U+00FF outside a comment (set esbuild's charset?)`);
  fs.writeFileSync(file, narrowed);
}

for (const name of fs.readdirSync(new URL('dist', here))) {
  if (name.endsWith('.js')) await latin1Comments(new URL(`dist/${name}`, here).pathname);
}

fs.cpSync(new URL('src/db/migrations', here), new URL('dist/migrations', here), {
  recursive: true,
});
console.log(
  'server built: server/dist/main.js, server/dist/admin.js, server/dist/reconcile.js, server/dist/backup.js, server/dist/restore.js, server/dist/pdf-worker.js, server/dist/csv-worker.js',
);
