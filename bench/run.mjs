// `npm run bench`: every figure of docs/performance.md against the production build, printed with
// its goal and floor and written to bench/results/. BENCH_SHORT=1 for the short form (~1-minute
// soak, fewer Lighthouse runs). Exit code 1 when a figure is below its floor.
// BENCH_ONLY=<step,step> runs only the named steps (names in STEPS below; the steps they need
// run too, e.g. `purchases` starts the reopened PGlite server); BENCH_PORT_BASE moves the four
// ports the bench listens on (default 4300-4303); BENCH_WORK_DIR (its data folders and logs,
// emptied at start; default bench/.work) and BENCH_RESULTS_DIR (the report) put its files
// elsewhere, as CI's short soak does (proof/soak.test.ts). The steps are in bench/steps/, by
// what they measure; this file runs them in order, with the servers and the report.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { uncachedPaths } from './lib/cursors.mjs';
import { CHROME_PATH } from './lib/lighthouse.mjs';
import { cpuLoopOnCore, serverSharedBuffers } from './lib/reference.mjs';
import {
  figure,
  jitterText,
  printTable,
  ratioFigure,
  sidesText,
  verdict,
  writeReport,
} from './lib/report.mjs';
import { LOAD_CORE, repoRoot, SERVER_CORE, startServer } from './lib/server.mjs';
import { cpuLoopTimes } from './lib/stats.mjs';
import { adminLists } from './steps/admin-lists.mjs';
import { budget } from './steps/budget.mjs';
import { growth, list, partPage } from './steps/catalogue.mjs';
import { checkout } from './steps/checkout.mjs';
import { csv } from './steps/csv.mjs';
import { install } from './steps/install.mjs';
import { lighthouse } from './steps/lighthouse.mjs';
import { memory, soak } from './steps/memory.mjs';
import { postgres } from './steps/postgres.mjs';
import { purchases } from './steps/purchases.mjs';
import { sales } from './steps/sales.mjs';
import { search } from './steps/search.mjs';
import {
  ALL_CORES,
  CONNECTIONS,
  IDLE_SETTLE_MS,
  LATENCY_ROUNDS,
  ms,
  ROUND_SECONDS,
  ROUNDS,
  SHORT,
} from './steps/settings.mjs';
import { firstRun, seed, startup } from './steps/startup.mjs';

// The load generator (this process, and Chromium under it) runs on its own core; servers on another.
if (process.env.BENCH_PINNED !== '1' && os.availableParallelism() >= 2) {
  const child = spawnSync(
    'taskset',
    ['-c', LOAD_CORE, process.execPath, ...process.argv.slice(1)],
    {
      stdio: 'inherit',
      env: { ...process.env, BENCH_PINNED: '1' },
    },
  );
  process.exit(child.status ?? 1);
}

// Step names for BENCH_ONLY, and the steps each one needs before it.
const STEPS = {
  budget: [],
  install: [],
  'first-run': [],
  seed: ['first-run'],
  startup: ['seed'],
  list: ['startup'],
  'part-page': ['startup'],
  growth: ['startup'],
  purchases: ['startup'],
  checkout: ['startup'],
  memory: ['startup'],
  soak: ['startup'],
  lighthouse: ['startup'],
  postgres: [],
  sales: [],
  search: [],
  csv: [],
  'admin-lists': [],
};
const ONLY = process.env.BENCH_ONLY
  ? process.env.BENCH_ONLY.split(',')
      .map((s) => s.trim())
      .filter(Boolean)
  : null;
for (const name of ONLY ?? []) {
  if (!(name in STEPS))
    throw new Error(`BENCH_ONLY: no step "${name}" (steps: ${Object.keys(STEPS).join(', ')})`);
}
/** The steps to run: all, or the BENCH_ONLY ones with every step they need. */
const selected = new Set();
const want = (name) => {
  if (selected.has(name)) return;
  selected.add(name);
  for (const needed of STEPS[name]) want(needed);
};
for (const name of ONLY ?? Object.keys(STEPS)) want(name);

const work = process.env.BENCH_WORK_DIR ?? path.join(repoRoot, 'bench/.work');
const logDir = path.join(work, 'logs');
fs.rmSync(work, { recursive: true, force: true });
fs.mkdirSync(logDir, { recursive: true });

const figures = [];
const notes = [];
/** The machine's own jitter at points of the run (cpuLoopTimes), for the report. */
const jitter = [];
const log = (line) => process.stdout.write(`${line}\n`);
const running = new Set();
const started = Date.now();
/** How many cursors each catalogue size has been asked for so far in this run (uncachedPaths). */
const cursorsAsked = new Map();
const report = (made) => {
  figures.push(made);
  const sides = sidesText(made);
  log(
    `  ${made.name}: ${made.value?.toFixed?.(3) ?? made.value}${made.unit}${sides ? ` (${sides})` : ''} (${verdict(made)})`,
  );
};

/** The run's context, which every step gets (bench/steps/). */
const b = {
  work,
  logDir,
  dirA: path.join(work, 'pglite-1k'),
  dirB: path.join(work, 'pglite-100k'),
  /** dirA copied before the shop opens it, for the bare PGlite references (decision 055). */
  dirRef: path.join(work, 'pglite-1k-reference'),
  sharedBuffers: serverSharedBuffers(),
  pgName: `bench_${process.pid}`,
  selected,
  notes,
  running,
  log,
  /** What the steps hand on to the steps after them (the reopened PGlite server, its figures). */
  shared: {},
  /** What the run is doing now, for the memory samplers to say when their peak came. */
  phase: '',
  /** The bare PGlite on dirRef (bench/steps/shared.mjs, bareA), closed at the end. */
  barePgliteA: null,
  async start(options) {
    const server = await startServer({ logDir, ...options });
    running.add(server);
    return { ...server, stop: () => server.stop().finally(() => running.delete(server)) };
  },
  add: (f) => report(figure(f)),
  /** A ratio of the shop against a reference measured beside it (ratioFigure, decision 055). */
  addRatio: (f) => report(ratioFigure(f)),
  /**
   * The fixed CPU loop (cpuLoopTimes) timed on the load core (this process) and on the servers'
   * core (a process pinned there), for the report's jitter; answers both.
   */
  async sampleJitter(at) {
    const runs = SHORT ? 100 : 200;
    const load = await cpuLoopTimes(runs);
    const server = await cpuLoopOnCore(SERVER_CORE, runs);
    jitter.push({ at: `${at} (servers' core)`, ...server }, { at: `${at} (load core)`, ...load });
    log(`  CPU loop (${at}): servers' core ${ms(server)}; load core ${ms(load)}`);
    return { load, server };
  },
  /** Catalogue pages no request of this run has asked for yet (bench/lib/cursors.mjs). */
  uncachedPaths: (listed, limit) =>
    uncachedPaths({
      asked: cursorsAsked,
      listed,
      limit,
      onRepeat: (note) => notes.push(note),
    }),
};

/**
 * Runs one step if it was selected; if it fails, the figures it owed are reported as not
 * measured. Its `after` (dropping its databases) runs either way.
 */
async function step({ key, title, owed, run, after }) {
  if (!selected.has(key)) return;
  b.phase = `the ${key} step`;
  log(`\n== ${title}`);
  try {
    await run(b);
  } catch (error) {
    log(`  FAILED: ${error.stack ?? error}`);
    notes.push(`${title} failed: ${String(error.message ?? error).split('\n')[0]}`);
    for (const item of owed) {
      if (!figures.some((f) => f.name === item.name))
        figures.push(figure({ ...item, value: null, note: 'not measured (step failed)' }));
    }
  }
  await after?.(b);
}

// The steps on the reopened PGlite server (b.shared.a), then the PostgreSQL ones, each on a
// server and database of its own.
const pglite = [budget, install, firstRun, seed, startup, list, partPage, growth, purchases];
for (const s of [...pglite, checkout, memory, soak, lighthouse]) await step(s);
await b.shared.a?.stop();
await step(postgres);
for (const server of running) await server.stop();
for (const s of [sales, search, csv, adminLists]) await step(s);
for (const server of running) await server.stop();
await b.barePgliteA?.close();
if (jitter.length > 0) await b.sampleJitter('the end');

// ---- report
const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
  cwd: repoRoot,
  encoding: 'utf8',
}).trim();
const dirty = execFileSync('git', ['status', '--porcelain', '--', 'server', 'web', 'contract'], {
  cwd: repoRoot,
  encoding: 'utf8',
}).trim();
const chromium = (() => {
  try {
    return execFileSync(CHROME_PATH, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'not installed';
  }
})();
const day = new Date().toISOString().slice(0, 10);
const machine = [
  `${new Date().toISOString()}, commit ${sha}${dirty ? ' (with uncommitted changes)' : ''}, ${SHORT ? 'short form (BENCH_SHORT=1)' : 'full form'}, ${((Date.now() - started) / 60000).toFixed(1)} min`,
  `${os.cpus()[0]?.model ?? 'cpu'} x${os.cpus().length}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Linux ${os.release()}, Node ${process.version}, ${chromium}`,
  `load average at the end: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (the machine is shared: ratios, not absolute speeds, are the comparable figures)`,
  `servers pinned with taskset to core 0, autocannon 8 (this process) to core ${LOAD_CORE}, Lighthouse and Chromium on cores ${ALL_CORES}; NODE_ENV=production, LOG_LEVEL=warn, requests without Accept-Encoding`,
  `ratios: ${ROUNDS} interleaved rounds of ${ROUND_SECONDS} s per side after a 1 s warm-up, ${CONNECTIONS} connections, median of per-round ratios; the ceiling is a node:http server replaying the shop's captured first page (status, headers, body)`,
  `ratios to a reference (decision 055): the shop and the same work without it (a bare PGlite on a copy of the folder, a bare pg client or pool, pgbench, a bare process opening the database, the raw node:http server) in interleaved rounds, the reference first in odd rounds; the value is the median of the per-round ratios, each side printed with its median; PASS or MISS on the ratio alone`,
  `p99 latencies under load from every 2xx answer's own time (autocannon's histogram keeps whole ms), ${LATENCY_ROUNDS} interleaved rounds of ${ROUND_SECONDS} s a side at 4 connections; sequential p99s (search, sales) from rounds of requests each followed by its reference`,
  `the machine's jitter: ${jitterText(jitter)}`,
  `MB are MiB of VmRSS from /proc/<pid>/status; idle figures ${IDLE_SETTLE_MS / 1000} s after ready; kB of JS are 1000 bytes of gzip -9`,
];
const table = printTable(figures);
log(`\n${table}\n`);
// A partial (BENCH_ONLY) or short run is named for what it ran and leaves latest.md, and the day's
// full report of the same commit, as they are.
const full = !ONLY && !SHORT;
const file = writeReport({
  dir: process.env.BENCH_RESULTS_DIR ?? path.join(repoRoot, 'bench/results'),
  stem: `${day}-${sha}${ONLY ? `-${ONLY.join('-')}` : ''}${SHORT ? '-short' : ''}`,
  figures,
  machine,
  notes,
  jitter,
  latest: full,
});
log(`report: ${path.relative(repoRoot, file)}${full ? ' (and bench/results/latest.md)' : ''}`);
for (const n of notes) log(`note: ${n}`);
const below = figures.filter((f) => !f.floorOk);
if (below.length > 0) {
  log(`${below.length} figure(s) below the floor: ${below.map((f) => f.name).join(', ')}`);
  process.exit(1);
}
