// `npm run test:quick [-- REV]`: the inner loop while working, in a few minutes. The type check
// and the lint of what changed side by side, then the Vitest files that the change touches
// (through their imports), on PGlite only. REV is what the change is counted from: HEAD (the
// default) for what is not committed yet, or a commit or branch for everything since it.
// `npm test` runs everything.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createSteps } from './steps.mjs';

const root = path.resolve(import.meta.dirname, '..');
const base = process.argv[2] ?? 'HEAD';
const started = Date.now();
const { run, runBeside, timings } = createSteps(root);

const git = (...args) =>
  spawnSync('git', args, { cwd: root, encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
const changed = [
  ...new Set([
    ...git('diff', '--name-only', base),
    ...git('ls-files', '--others', '--exclude-standard'),
  ]),
].filter((file) => fs.existsSync(path.join(root, file)));
process.stdout.write(`${changed.length} files changed since ${base}\n`);
const scripts = changed.filter((file) => /\.[cm]?[jt]sx?$/.test(file));

// TypeScript 7's native compiler (docs/decisions/066); the tools that import TypeScript's API
// (typescript-eslint, React Router's type generation) keep the `typescript` package.
const tsc = path.join(root, 'node_modules/@typescript/native/bin/tsc');
const checks = [runBeside('typecheck', process.execPath, [tsc, '-b'])];
if (scripts.length > 0)
  checks.push(runBeside('lint', 'npx', ['eslint', '--no-warn-ignored', ...scripts]));
if (changed.length > 0)
  checks.push(runBeside('format', 'npx', ['prettier', '--check', '--ignore-unknown', ...changed]));
const statuses = await Promise.all(checks);

// PGlite only: the PostgreSQL matrix is npm test's (and CI's).
statuses.push(
  run(
    'Vitest, the files the change touches',
    'npx',
    ['vitest', 'run', '--changed', base, '--passWithNoTests'],
    { TEST_DATABASE_URL: undefined },
  ),
);

const failed = statuses.some((status) => status !== 0);
process.stdout.write(
  `\nTime per step (${Math.round((Date.now() - started) / 1000)} s in all):\n  ${timings.join('\n  ')}\n` +
    (failed ? '\nA quick check failed: see above.\n' : '\nEvery quick check passed.\n'),
);
process.exit(failed ? 1 : 0);
