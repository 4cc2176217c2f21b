// Lighthouse, mobile, Debian's Chromium, default simulated network throttling, with the CPU
// slowdown calibrated to this machine's benchmarkIndex (Lighthouse's docs/throttling.md,
// "Calibrating multipliers").
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { median } from './stats.mjs';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/**
 * The multiplier for a host of this benchmarkIndex so that it behaves like Lighthouse's reference
 * mid-tier phone (the piecewise table of Lighthouse's CPU throttling calculator: 150 -> 1x,
 * 800 -> 2x, 1300 -> 3x, +1x per 233 above), clamped to [1, 20]: a host slower than the phone
 * cannot be sped up.
 */
export function cpuMultiplier(benchmarkIndex) {
  let m;
  if (benchmarkIndex >= 1300) m = 3 + (benchmarkIndex - 1300) / 233;
  else if (benchmarkIndex >= 800) m = 2 + (benchmarkIndex - 800) / 500;
  else m = 1 + (benchmarkIndex - 150) / 650;
  return Math.min(20, Math.max(1, Math.round(m * 10) / 10));
}

/**
 * The one miss accepted on purpose (docs/decisions/040): robots.txt keeps crawlers out of the
 * signed-in dashboard, and Lighthouse's SEO audit `is-crawlable` fails any page a crawler may
 * not index (robots.txt, a noindex meta tag or X-Robots-Tag alike). True when that audit is the
 * only SEO failure of a /dashboard page's result, so that its SEO score is shown as waived and
 * not counted as a miss, by `npm run bench` and `npm run bench:lighthouse` alike.
 */
export function seoWaived(result) {
  const seo = result.failing.filter((f) => f.category === 'seo');
  return (
    result.name.startsWith('/dashboard') &&
    seo.length > 0 &&
    seo.every((f) => f.id === 'is-crawlable')
  );
}

/**
 * The control page Lighthouse measures beside the shop's (decision 040): a heading and a sentence,
 * with no stylesheet, picture or script, valid for every audit. What it scores is what the
 * harness itself costs on this machine in this run (Chromium's navigation, its first layout and
 * paint, the trace), not anything the shop does: its blocking time is the floor under the shop's.
 */
export const CONTROL_PAGE_NAME = 'control: empty page';
const CONTROL_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Control page</title>
<link rel="icon" href="data:,">
<meta name="description" content="A page with a heading and a sentence, to measure the harness.">
</head>
<body>
<main>
<h1>Control page</h1>
<p>A heading and a sentence: no stylesheet, picture or script.</p>
</main>
</body>
</html>
`;

/** The control page's figures, as both Lighthouse commands print them (not held to a goal). */
export function controlLine(r) {
  return (
    `control page (a heading and a sentence; no stylesheet, picture or script), same Chromium, ` +
    `slowdown and rounds: perf ${r.performance}, LCP ${r.lcpMs.toFixed(0)} ms, TBT ` +
    `${r.tbtMs.toFixed(0)} ms (runs ${r.tbtRuns.map((t) => t.toFixed(0)).join(', ')}): the ` +
    `harness's own floor, not a goal (docs/decisions/040)`
  );
}

/** Serves the control page (and a robots.txt allowing it) on a loopback port of its own. */
export async function startControlPage() {
  const server = http.createServer((request, response) => {
    request.resume();
    if (request.url === '/robots.txt') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('User-agent: *\nAllow: /\n');
      return;
    }
    if (request.url !== '/') {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('Not found');
      return;
    }
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
    });
    response.end(CONTROL_HTML);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}/`;
  return {
    page: { name: CONTROL_PAGE_NAME, url, control: true },
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * Starts Chromium. `cores` (e.g. "0-1"): the CPU cores it may run on, through a `taskset`
 * wrapper; the bench itself runs pinned to one core, and a browser squeezed onto that core with
 * Lighthouse's own process measures longer tasks than a phone's renderer has.
 */
export async function launchChrome({ cores } = {}) {
  let chromePath = CHROME_PATH;
  if (cores) {
    chromePath = path.join(os.tmpdir(), `partsmith-chromium-cores-${cores}.sh`);
    fs.writeFileSync(chromePath, `#!/bin/sh\nexec taskset -c ${cores} ${CHROME_PATH} "$@"\n`, {
      mode: 0o755,
    });
  }
  return chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
}

/**
 * The audits that cost a category points: for each category scored below 100, its audits with a
 * score under 1 (informative, manual and not-applicable audits carry no score and are left out).
 */
export function failingAudits(lhr) {
  const failing = [];
  for (const [categoryId, category] of Object.entries(lhr.categories)) {
    if (category.score === null || category.score >= 1) continue;
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (categoryId === 'performance' && ref.weight === 0 && audit.score >= 0.9) continue;
      failing.push({
        category: categoryId,
        id: ref.id,
        title: audit.title,
        score: audit.score,
        weight: ref.weight,
        displayValue: audit.displayValue ?? '',
      });
    }
  }
  return failing;
}

/**
 * Lighthouse's runtime errors about recording the trace (NO_NAVSTART, NO_FCP on a busy host) say
 * "Please run Lighthouse again": such a run is repeated, up to twice.
 */
async function runOnce(chrome, url, options, attempt = 1) {
  try {
    return await runLighthouse(chrome, url, options);
  } catch (error) {
    if (attempt >= 3 || !/run Lighthouse again/i.test(String(error.message))) throw error;
    return runOnce(chrome, url, options, attempt + 1);
  }
}

async function runLighthouse(chrome, url, { cpuSlowdownMultiplier, cookie, onReport }) {
  const runner = await lighthouse(
    url,
    {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    },
    {
      extends: 'lighthouse:default',
      settings: {
        formFactor: 'mobile',
        throttlingMethod: 'simulate',
        throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier },
        // LH_TRACE_CATEGORIES="disabled-by-default-v8.cpu_profiler": V8's samples in the kept
        // traces (LH_TRACES), to see which functions a long task ran; the sampler slows the page.
        ...(process.env.LH_TRACE_CATEGORIES
          ? { additionalTraceCategories: process.env.LH_TRACE_CATEGORIES }
          : {}),
      },
    },
  );
  const lhr = runner.lhr;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  onReport?.(lhr, runner.artifacts.Trace);
  const score = (c) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
  const numeric = (a) => lhr.audits[a]?.numericValue ?? Number.NaN;
  return {
    benchmarkIndex: lhr.environment.benchmarkIndex,
    finalUrl: lhr.finalDisplayedUrl,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    failing: failingAudits(lhr),
  };
}

/** Audits that failed in any of the runs, each with the number of runs it failed in. */
function tallyFailing(runs) {
  const byKey = new Map();
  for (const run of runs) {
    for (const f of run.failing) {
      const key = `${f.category} ${f.id}`;
      const seen = byKey.get(key) ?? { ...f, runs: 0 };
      seen.runs += 1;
      byKey.set(key, seen);
    }
  }
  return [...byKey.values()];
}

/**
 * Calibrates (a few runs at 1x read benchmarkIndex; their median gives the multiplier), then runs
 * every page `runs` times, in rounds of one run a page, and takes the median of each figure.
 * `failing` lists, per audit that cost points in some run, in how many runs it did. `onReport(page, run, lhr, trace)` sees each
 * report and the trace it was computed from.
 */
export async function lighthousePages({
  pages,
  runs,
  calibrationRuns = 3,
  calibrationUrl,
  fixedMultiplier,
  log = () => {},
  onReport,
  chromeCores,
}) {
  const chrome = await launchChrome({ cores: chromeCores });
  try {
    const indexes = [];
    for (let i = 0; i < (fixedMultiplier ? 0 : calibrationRuns); i++) {
      indexes.push(
        (await runOnce(chrome, calibrationUrl, { cpuSlowdownMultiplier: 1 })).benchmarkIndex,
      );
    }
    const benchmarkIndex = fixedMultiplier ? Number.NaN : median(indexes);
    const multiplier = fixedMultiplier ?? cpuMultiplier(benchmarkIndex);
    log(
      fixedMultiplier
        ? `  no calibration: CPU slowdown fixed at ${multiplier}x (LH_CPU_SLOWDOWN)`
        : `  calibration: benchmarkIndex ${indexes.map((b) => b.toFixed(0)).join(', ')} -> median ${benchmarkIndex.toFixed(0)} -> CPU slowdown ${multiplier}x`,
    );
    // Interleaved: each round runs every page once, so that a page's runs share the machine's
    // passing conditions with the others' (the control page's among them).
    const runsOf = new Map(pages.map((page) => [page, []]));
    for (let i = 0; i < runs; i++) {
      for (const page of pages) {
        runsOf.get(page).push(
          await runOnce(chrome, page.url, {
            cpuSlowdownMultiplier: multiplier,
            cookie: page.cookie,
            onReport: onReport && ((lhr, trace) => onReport(page, i, lhr, trace)),
          }),
        );
      }
    }
    const results = [];
    for (const page of pages) {
      const all = runsOf.get(page);
      const pick = (k) => median(all.map((r) => r[k]));
      const result = {
        name: page.name,
        control: page.control === true,
        runs: all.length,
        finalUrl: all[0].finalUrl,
        performance: pick('performance'),
        accessibility: pick('accessibility'),
        bestPractices: pick('bestPractices'),
        seo: pick('seo'),
        lcpMs: pick('lcpMs'),
        cls: pick('cls'),
        tbtMs: pick('tbtMs'),
        tbtRuns: all.map((r) => r.tbtMs),
        failing: tallyFailing(all),
      };
      log(
        `  ${page.name}: perf ${result.performance}, a11y ${result.accessibility}, bp ${result.bestPractices}, seo ${result.seo}, LCP ${result.lcpMs.toFixed(0)} ms, CLS ${result.cls.toFixed(3)}, TBT ${result.tbtMs.toFixed(0)} ms (perf ${all.map((r) => r.performance).join('/')}; TBT ${result.tbtRuns.map((t) => t.toFixed(0)).join('/')})`,
      );
      results.push(result);
    }
    return { calibration: { indexes, benchmarkIndex, multiplier }, results };
  } finally {
    chrome.kill();
  }
}
