// `npm run bench:lighthouse`: the Lighthouse goals on the production build, on their own.
// Starts the built shop on a fresh data folder (demo catalogue), signs a buyer up and places one
// order, calibrates the CPU slowdown to this machine, runs its pages (lib/shop.mjs, lighthouseShop)
// LH_RUNS times each (default 5) and prints the medians against the goals, with the audits that
// cost points.
// Exit code 1 when a goal is missed. LH_REPORTS=<dir> keeps every run's JSON report.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CHROME_PATH,
  controlLine,
  lighthousePages,
  seoWaived,
  startControlPage,
} from './lib/lighthouse.mjs';
import { startServer } from './lib/server.mjs';
import { lighthouseShop } from './lib/shop.mjs';

const PORT = Number(process.env.LH_PORT ?? 4600);
const RUNS = Number(process.env.LH_RUNS ?? 5);
const CALIBRATION_RUNS = Number(process.env.LH_CALIBRATION_RUNS ?? 3);
const REPORTS = process.env.LH_REPORTS;
/** LH_TRACES=1 keeps, beside each report in LH_REPORTS, the trace Lighthouse computed it from. */
const TRACES = process.env.LH_TRACES === '1';
/**
 * LH_CPU_SLOWDOWN=4 skips the calibration and uses that multiplier: for comparing two builds,
 * whose calibrations on this shared machine can differ by 2x between runs minutes apart.
 */
const FIXED_SLOWDOWN = process.env.LH_CPU_SLOWDOWN
  ? Number(process.env.LH_CPU_SLOWDOWN)
  : undefined;
/** LH_PAGES="/login,/" measures only these pages (while iterating); the goals need all of them. */
const ONLY = process.env.LH_PAGES?.split(',');

/** The goals (docs/performance.md, The figures); every page is held to all of them. */
const GOALS = [
  { key: 'performance', label: 'perf', goal: 95, higher: true },
  { key: 'accessibility', label: 'a11y', goal: 100, higher: true },
  { key: 'bestPractices', label: 'best pr.', goal: 100, higher: true },
  { key: 'seo', label: 'SEO', goal: 100, higher: true },
  { key: 'lcpMs', label: 'LCP ms', goal: 2000, higher: false },
  { key: 'cls', label: 'CLS', goal: 0.05, higher: false },
  { key: 'tbtMs', label: 'TBT ms', goal: 200, higher: false },
];

/** The SEO miss accepted on purpose on a private page (docs/decisions/040). */
const waived = (r, g) => g.key === 'seo' && seoWaived(r);

const log = (line) => process.stdout.write(`${line}\n`);
const meets = (g, value) =>
  Number.isFinite(value) && (g.higher ? value >= g.goal : value <= g.goal);
const show = (g, value) =>
  g.key === 'cls' ? value.toFixed(3) : g.key.endsWith('Ms') ? value.toFixed(0) : String(value);

if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`LH_RUNS must be a whole number >= 1`);
if (FIXED_SLOWDOWN !== undefined && !(FIXED_SLOWDOWN >= 1 && FIXED_SLOWDOWN <= 20)) {
  throw new Error('LH_CPU_SLOWDOWN must be a number from 1 to 20');
}
if (!fs.existsSync(CHROME_PATH)) throw new Error(`no Chromium at ${CHROME_PATH}`);

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'partsmith-lighthouse-'));
if (REPORTS) fs.mkdirSync(REPORTS, { recursive: true });

let server;
let control;
let failed = false;
try {
  log(`starting the built shop on port ${PORT} (data folder ${work})`);
  const shop = await lighthouseShop({
    startServer,
    port: PORT,
    dataDir: path.join(work, 'data'),
    logDir: work,
  });
  server = shop.server;
  const { url } = shop;
  control = await startControlPage();

  log(`Lighthouse 12, mobile, ${RUNS} run(s) a page, median; calibrating first`);
  const { calibration, results } = await lighthousePages({
    calibrationUrl: `${url}/`,
    calibrationRuns: CALIBRATION_RUNS,
    fixedMultiplier: FIXED_SLOWDOWN,
    runs: RUNS,
    log,
    onReport: REPORTS
      ? (page, run, lhr, trace) => {
          const base = path.join(REPORTS, `${page.name.replace(/[^a-z0-9]+/gi, '_')}-${run}`);
          fs.writeFileSync(`${base}.json`, JSON.stringify(lhr));
          if (TRACES) fs.writeFileSync(`${base}.trace.json`, JSON.stringify(trace));
        }
      : undefined,
    pages: [...shop.pages.filter((p) => !ONLY || ONLY.includes(p.name)), control.page],
  });

  log('');
  log(
    FIXED_SLOWDOWN
      ? `cpuSlowdownMultiplier ${calibration.multiplier}, fixed (LH_CPU_SLOWDOWN): not a verdict on the goals`
      : `calibration: benchmarkIndex ${calibration.indexes.map((b) => b.toFixed(0)).join(', ')} ` +
          `(median ${calibration.benchmarkIndex.toFixed(0)}) -> cpuSlowdownMultiplier ` +
          `${calibration.multiplier} (Lighthouse's calculator table, clamped to 1-20)`,
  );
  log(
    `median of ${RUNS} run(s); goals: ${GOALS.map((g) => `${g.label} ${g.higher ? '>=' : '<='} ${g.goal}`).join(', ')}`,
  );
  const width = Math.max(...results.map((r) => r.name.length));
  log(`${'page'.padEnd(width)}  ${GOALS.map((g) => g.label.padStart(8)).join(' ')}`);
  for (const r of results.filter((x) => !x.control)) {
    const cells = GOALS.map((g) => {
      const ok = meets(g, r[g.key]);
      const waive = !ok && waived(r, g);
      if (!ok && !waive) failed = true;
      return `${show(g, r[g.key])}${ok ? ' ' : waive ? 'w' : '!'}`.padStart(8);
    });
    log(`${r.name.padEnd(width)}  ${cells.join(' ')}`);
    const measured = shop.pages.find((p) => p.name === r.name);
    if (measured && new URL(r.finalUrl).pathname !== new URL(measured.url).pathname) {
      failed = true;
      log(`  ended on ${r.finalUrl} (a redirect: the page itself was not measured)`);
    }
  }
  log(
    '(! = goal missed; w = SEO is-crawlable on a private page: robots.txt disallows /dashboard ' +
      'on purpose, docs/decisions/040)',
  );
  const controlResult = results.find((r) => r.control);
  if (controlResult) log(controlLine(controlResult));
  if (ONLY) {
    failed = true;
    log(`only ${ONLY.join(', ')} measured (LH_PAGES): not a verdict on the goals`);
  }

  for (const r of results) {
    if (r.failing.length === 0) continue;
    log(`\n${r.name}: audits that cost points (in how many of ${r.runs} runs)`);
    for (const f of r.failing) {
      const value = f.displayValue ? ` - ${f.displayValue}` : '';
      log(`  [${f.category}] ${f.id}: ${f.title}${value} (${f.runs}/${r.runs})`);
    }
  }
} catch (error) {
  failed = true;
  log(`FAILED: ${error.stack ?? error}`);
} finally {
  await server?.stop();
  await control?.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
