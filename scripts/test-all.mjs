// `npm test`: every check in one command — typecheck and lint, unit and component tests, API tests on PGlite (and on
// PostgreSQL when TEST_DATABASE_URL is set), then the process-level proofs and the end-to-end tests
// in Chromium against the built shop. Ends with one line: "N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
fs.mkdirSync(results, { recursive: true });

const started = Date.now();
const timings = [];

function run(label, command, args, env = {}) {
  process.stdout.write(`\n=== ${label}: ${[command, ...args].join(' ')}\n`);
  const t0 = Date.now();
  const r = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  const seconds = Math.round((Date.now() - t0) / 1000);
  timings.push(`${label}: ${seconds} s`);
  process.stdout.write(`=== ${label}: ${seconds} s\n`);
  return r.status ?? 1;
}

// Debian's packages the run needs: Chromium (end-to-end tests), sqlmap and wapiti (the scanner
// proof), nginx (the scale-out proofs' load balancer). On a fresh machine they are installed when we may (root); otherwise those tests say
// what is missing.
const onPath = (tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const missing = [
  ...(fs.existsSync(chromium) ? [] : ['chromium', 'fonts-liberation']),
  ...['sqlmap', 'wapiti'].filter((tool) => !onPath(tool)),
  ...(onPath('nginx') || fs.existsSync('/usr/sbin/nginx') ? [] : ['nginx']),
];
if (missing.length > 0 && process.getuid?.() === 0) {
  run("install Debian's packages", 'sh', [
    '-c',
    `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`,
  ]);
}

const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

/** A check that counts as one test in the summary line. */
function check(label, script) {
  const status = run(label, 'npm', ['run', script]);
  exitCode |= status;
  totals[status === 0 ? 'passed' : 'failed'] += 1;
}

check('typecheck', 'typecheck');
check('lint and format', 'lint');

/** A Vitest run with its JSON report; its counts join the totals. */
function vitest(label, args, reportName) {
  const report = path.join(results, reportName);
  fs.rmSync(report, { force: true });
  exitCode |= run(label, 'npx', [
    'vitest',
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  if (!fs.existsSync(report)) {
    totals.failed += 1;
    return;
  }
  const v = JSON.parse(fs.readFileSync(report, 'utf8'));
  totals.passed += v.numPassedTests;
  totals.failed += v.numFailedTests;
  totals.skipped += v.numPendingTests + v.numTodoTests;
}

vitest('unit, component and API tests (Vitest)', [], 'vitest.json');

exitCode |= run('build the shop', 'npm', ['run', 'build']);

// The performance budget: the home page's JavaScript to start, counted as if all of it came before
// the first paint (fails above the hard cap).
check("the home page's JavaScript budget", 'budget');

// The process-level security proofs (oversell, crash, brute force, scanners) against the built
// shop: real server processes on loopback. Their figures print in the log.
vitest(
  'process-level proofs (Vitest, built server)',
  ['-c', 'proof/vitest.config.ts'],
  'proof.json',
);

const e2eJson = path.join(results, 'e2e.json');
fs.rmSync(e2eJson, { force: true });
exitCode |= run(
  'end-to-end tests (Playwright, Debian Chromium)',
  'npx',
  ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
  {
    PLAYWRIGHT_JSON_OUTPUT_FILE: e2eJson,
  },
);
if (fs.existsSync(e2eJson)) {
  const s = JSON.parse(fs.readFileSync(e2eJson, 'utf8')).stats;
  totals.passed += s.expected + s.flaky;
  totals.failed += s.unexpected;
  totals.skipped += s.skipped;
} else {
  totals.failed += 1;
}

process.stdout.write(
  `\nTime per step (${Math.round((Date.now() - started) / 1000)} s in all):\n  ${timings.join('\n  ')}\n`,
);
process.stdout.write(
  `\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`,
);
process.exit(exitCode === 0 && totals.failed === 0 ? 0 : 1);
