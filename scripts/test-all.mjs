// `npm test`: every check in one command — typecheck and lint, unit and component tests, API tests on PGlite (and on
// PostgreSQL when TEST_DATABASE_URL is set), then the process-level proofs and the end-to-end tests
// in Chromium against the built shop. Ends with one line: "N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { busySince, cpuTicks, createSteps } from './steps.mjs';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
fs.mkdirSync(results, { recursive: true });

const started = Date.now();
const { run, runBeside, timings } = createSteps(root);

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
/** What failed, named at the end of the log (the last lines are the ones a CI excerpt keeps). */
const failures = [];

/** A check that counts as one test in the summary line. */
function check(label, script) {
  counted(run(label, 'npm', ['run', script]), label);
}
function counted(status, label) {
  exitCode |= status;
  totals[status === 0 ? 'passed' : 'failed'] += 1;
  if (status !== 0) failures.push(label);
}

// Each of the two runs on one core, so they run side by side.
const t0 = Date.now();
const cpu0 = cpuTicks();
const firstChecks = { typecheck: 'typecheck', 'lint and format': 'lint' };
const firstStatuses = await Promise.all(
  Object.entries(firstChecks).map(([label, script]) => runBeside(label, 'npm', ['run', script])),
);
Object.keys(firstChecks).forEach((label, i) => counted(firstStatuses[i], label));
timings.push(
  `typecheck and lint together: ${Math.round((Date.now() - t0) / 1000)} s${busySince(cpu0)}`,
);

/** The arguments of a Vitest run that writes its JSON report to `report`. */
const vitestArgs = (args, report) => [
  'vitest',
  'run',
  ...args,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
];

/** A Vitest run with its JSON report; its counts join the totals. */
function vitest(label, args, reportName) {
  const report = path.join(results, reportName);
  fs.rmSync(report, { force: true });
  exitCode |= run(label, 'npx', vitestArgs(args, report));
  countReport(report);
}

/** The counts of a Vitest JSON report join the totals (a missing report counts as a failure). */
function countReport(report) {
  if (!fs.existsSync(report)) {
    totals.failed += 1;
    failures.push(`no report at ${path.relative(root, report)}`);
    return;
  }
  const v = JSON.parse(fs.readFileSync(report, 'utf8'));
  totals.passed += v.numPassedTests;
  totals.failed += v.numFailedTests;
  totals.skipped += v.numPendingTests + v.numTodoTests;
  for (const file of v.testResults) {
    const name = path.relative(root, file.name);
    const failed = file.assertionResults.filter((t) => t.status === 'failed');
    for (const t of failed)
      failures.push(`${name} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    // A file that failed outside its tests (a hook, an import) names itself.
    if (file.status === 'failed' && failed.length === 0)
      failures.push(`${name}: ${firstLine(file.message)}`);
  }
}
/** The first line of a failure's message, cut to one readable line. */
function firstLine(message = '') {
  const line = message.split('\n').find((l) => l.trim() !== '') ?? '';
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

vitest('unit, component and API tests (Vitest)', [], 'vitest.json');

exitCode |= run('build the shop', 'npm', ['run', 'build']);

// The performance budget: the home page's JavaScript to start, counted as if all of it came before
// the first paint (fails above the hard cap).
check("the home page's JavaScript budget", 'budget');

// The process-level proofs (oversell, checkout, crash, failover, brute force, scanners, backup,
// install, soak) against the built shop: real server processes on loopback. Their figures print in
// the log. One file at a time, they kept one of the two cores busy on average (361 s, 103% CPU),
// so they run in two lanes side by side, each with its own ports, Redis database and PostgreSQL
// databases; the lanes hold about the same time each.
// (In one run here: soak 105 s, backup 61, crash 55, failover 25, brute force 12; oversell 72,
// checkout 59, scanners 55, production install 20. In a slower phase of the machine: soak 126,
// backup 104, crash 74, failover 42, brute force 25; checkout 129, oversell 119, scanners 117,
// production install 40. Moving failover to the second lane, as the first run's times suggested,
// made the lanes end 120 s apart in the second.) Since the scanners test every route the shop
// has grown (issues 46 to 49), they take the longest: 228 s at b817f2c and 204 s at b40a561,
// beside soak 110-111, checkout 66-75, oversell 61-70, crash 59-60, backup 48-52, failover 29,
// brute force and the production install 13 each. With the scanners, oversell, checkout and the
// production install in one lane, the lanes ended 107 s apart (268 and 375 s): the scanners
// now share a lane with the soak alone.
const PROOF_LANES = [
  ['scanners', 'soak'],
  ['checkout', 'oversell', 'crash', 'backup', 'failover', 'brute-force', 'production-install'],
];
// A proof file in no lane would not run: say so, and count it as a failure.
const laneless = fs
  .readdirSync(path.join(root, 'proof'))
  .filter((f) => f.endsWith('.test.ts'))
  .filter((f) => !PROOF_LANES.flat().includes(f.replace(/\.test\.ts$/, '')));
for (const file of laneless) {
  process.stdout.write(`proof/${file} is in no lane of PROOF_LANES (scripts/test-all.mjs)\n`);
  counted(1, `proof/${file} in no lane`);
}
const proofPort = Number(process.env.PROOF_PORT ?? 4500);
const proofRedis = new URL(process.env.PROOF_REDIS_URL ?? 'redis://127.0.0.1:6379/2');
const t1 = Date.now();
const cpu1 = cpuTicks();
const lanes = await Promise.all(
  PROOF_LANES.map((files, i) => {
    const report = path.join(results, `proof-${i + 1}.json`);
    fs.rmSync(report, { force: true });
    const redis = new URL(proofRedis);
    redis.pathname = `/${Number(proofRedis.pathname.slice(1) || 0) + i}`;
    return runBeside(
      `proofs, lane ${i + 1}`,
      'npx',
      vitestArgs(['-c', 'proof/vitest.config.ts', ...files], report),
      { PROOF_PORT: String(proofPort + 200 * i), PROOF_REDIS_URL: redis.toString() },
    ).then((status) => ({ status, report }));
  }),
);
for (const lane of lanes) {
  exitCode |= lane.status;
  countReport(lane.report);
}
timings.push(
  `process-level proofs, both lanes: ${Math.round((Date.now() - t1) / 1000)} s${busySince(cpu1)}`,
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
/** The `[project] file › title` of every test of a Playwright JSON report whose status is `status`. */
function testsWith(report, status) {
  const found = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests)
        if (t.status === status) found.push(`[${t.projectName}] ${spec.file} › ${spec.title}`);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites) walk(suite);
  return found;
}
let flaky = [];
if (fs.existsSync(e2eJson)) {
  const report = JSON.parse(fs.readFileSync(e2eJson, 'utf8'));
  const s = report.stats;
  totals.passed += s.expected + s.flaky;
  totals.failed += s.unexpected;
  totals.skipped += s.skipped;
  // A test that failed and then passed on its retry (e2e/playwright.config.ts): named, never hidden.
  flaky = testsWith(report, 'flaky');
  failures.push(...testsWith(report, 'unexpected'));
} else {
  totals.failed += 1;
  failures.push('no end-to-end report');
}

process.stdout.write(
  `\nTime per step (${Math.round((Date.now() - started) / 1000)} s in all):\n  ${timings.join('\n  ')}\n`,
);
if (flaky.length > 0)
  process.stdout.write(`\nPassed on the retry (flaky):\n  ${flaky.join('\n  ')}\n`);
if (failures.length > 0) process.stdout.write(`\nFailed:\n  ${failures.join('\n  ')}\n`);
else if (exitCode !== 0)
  process.stdout.write('\nFailed: a step exited non-zero (see its log above)\n');
process.stdout.write(
  `\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped` +
    (flaky.length > 0 ? ` (${flaky.length} of the passed only on a retry)` : '') +
    '\n',
);
process.exit(exitCode === 0 && totals.failed === 0 ? 0 : 1);
