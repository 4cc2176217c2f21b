// Lighthouse, mobile, on the pages a shop and a customer have, in a process of its own on every
// core (bench/lib/lighthouse-child.mjs); the control page's figures go to the notes.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CHROME_PATH, controlLine, seoWaived, startControlPage } from '../lib/lighthouse.mjs';
import { repoRoot } from '../lib/server.mjs';
import { lighthouseShop } from '../lib/shop.mjs';
import { ALL_CORES, LIGHTHOUSE_RUNS, owe, PORT, SHORT } from './settings.mjs';

const PAGES = [
  '/',
  '/cart',
  '/purchase/:id',
  '/dashboard/my-orders',
  '/login',
  '/parts',
  '/parts/:id',
];

/** Each page's figures as the Lighthouse runs answered them (`r`, a page's medians). */
function addPage(b, r) {
  const note = `median of ${r.runs}`;
  b.add({ name: `Lighthouse ${r.name} performance`, value: r.performance, goal: 95, note });
  b.add({ name: `Lighthouse ${r.name} accessibility`, value: r.accessibility, goal: 100, note });
  b.add({ name: `Lighthouse ${r.name} best practices`, value: r.bestPractices, goal: 100, note });
  b.add({
    name: `Lighthouse ${r.name} SEO`,
    value: r.seo,
    goal: 100,
    note,
    waived: seoWaived(r)
      ? 'is-crawlable only: robots.txt keeps crawlers out of /dashboard (docs/decisions/040)'
      : '',
  });
  b.add({
    name: `Lighthouse ${r.name} LCP`,
    value: r.lcpMs,
    unit: ' ms',
    goal: 2000,
    higher: false,
    note,
  });
  b.add({ name: `Lighthouse ${r.name} CLS`, value: r.cls, goal: 0.05, higher: false, note });
  b.add({
    name: `Lighthouse ${r.name} TBT`,
    value: r.tbtMs,
    unit: ' ms',
    goal: 200,
    higher: false,
    note,
  });
  if (!r.finalUrl.includes(r.name.replace(':id', '')))
    b.notes.push(`Lighthouse ${r.name} ended on ${r.finalUrl}`);
}

export const lighthouse = {
  key: 'lighthouse',
  title: `Lighthouse, mobile (${LIGHTHOUSE_RUNS} runs a page)`,
  owed: PAGES.flatMap((p) => [
    owe(`Lighthouse ${p} performance`, 95),
    owe(`Lighthouse ${p} accessibility`, 100),
    owe(`Lighthouse ${p} best practices`, 100),
    owe(`Lighthouse ${p} SEO`, 100),
    owe(`Lighthouse ${p} LCP`, 2000, { higher: false }),
    owe(`Lighthouse ${p} CLS`, 0.05, { higher: false }),
    owe(`Lighthouse ${p} TBT`, 200, { higher: false }),
  ]),
  run: async (b) => {
    if (!fs.existsSync(CHROME_PATH))
      throw new Error(`no Chromium at ${CHROME_PATH}: apt-get install chromium`);
    // The pages as a shop and a customer have them (the demo catalogue, a buyer with one
    // order), on a server of their own: not the one the load steps filled with thousands of
    // orders and whose queued order mails are still going out (decision 040).
    await b.shared.a?.stop();
    const shop = await lighthouseShop({
      startServer: b.start,
      port: PORT.b,
      dataDir: path.join(b.work, 'lighthouse-shop'),
      logDir: b.logDir,
    });
    b.shared.a = undefined;
    const control = await startControlPage();
    const out = path.join(b.work, 'lighthouse-result.json');
    let status;
    try {
      // In a process of its own, on every core (bench/lib/lighthouse-child.mjs says why).
      const child = spawn(
        'taskset',
        [
          '-c',
          ALL_CORES,
          process.execPath,
          path.join(repoRoot, 'bench/lib/lighthouse-child.mjs'),
          JSON.stringify({
            chromeCores: ALL_CORES,
            calibrationUrl: `${shop.url}/`,
            runs: LIGHTHOUSE_RUNS,
            calibrationRuns: SHORT ? 1 : 3,
            pages: [...shop.pages, control.page],
          }),
          out,
        ],
        { stdio: 'inherit' },
      );
      status = await new Promise((resolve) => child.on('exit', resolve));
    } finally {
      await control.stop();
    }
    if (status !== 0) throw new Error(`the Lighthouse runs exited ${status}`);
    const { calibration, results } = JSON.parse(fs.readFileSync(out, 'utf8'));
    b.notes.push(
      `Lighthouse CPU calibration: benchmarkIndex ${calibration.indexes.map((i) => i.toFixed(0)).join(', ')} (median ${calibration.benchmarkIndex.toFixed(0)}) -> cpuSlowdownMultiplier ${calibration.multiplier} (Lighthouse's calculator table, clamped to 1-20)`,
    );
    for (const r of results.filter((x) => x.control)) b.notes.push(controlLine(r));
    for (const r of results.filter((x) => !x.control)) addPage(b, r);
    await shop.server.stop();
  },
};
