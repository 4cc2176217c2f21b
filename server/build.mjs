// Bundles the server into dist/main.js. npm packages stay external (installed in node_modules);
// the workspace's own TypeScript (the contract) is bundled in. Migrations are copied beside it.
import { build } from 'esbuild';
import fs from 'node:fs';

const here = new URL('.', import.meta.url);
fs.rmSync(new URL('dist', here), { recursive: true, force: true });

await build({
  entryPoints: {
    main: new URL('src/main.ts', here).pathname,
    admin: new URL('src/cli/admin.ts', here).pathname,
    reconcile: new URL('src/cli/reconcile.ts', here).pathname,
  },
  outdir: new URL('dist', here).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@partsmith/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});

fs.cpSync(new URL('src/db/migrations', here), new URL('dist/migrations', here), {
  recursive: true,
});
console.log('server built: server/dist/main.js, server/dist/admin.js, server/dist/reconcile.js');
