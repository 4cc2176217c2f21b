// The PGlite shop's first run, the seeding of its catalogues, and its start-up on reopen.
import fs from 'node:fs';
import { bareOpenMs, sideBySide } from '../lib/reference.mjs';
import { seedPglite } from '../lib/seed.mjs';
import { sampleRss } from '../lib/stats.mjs';
import { idleRss, pgliteEnv } from './shared.mjs';
import { LOAD_SAMPLE_MS, owe, PORT } from './settings.mjs';

export const firstRun = {
  key: 'first-run',
  title: 'PGlite: first run on a fresh data folder',
  owed: [owe('RSS idle, PGlite first run', 350)],
  run: async (b) => {
    const a = await b.start({ name: 'pglite-first-run', port: PORT.a, env: { DATA_DIR: b.dirA } });
    b.notes.push(
      `first run (database creation and demo seed) was ready after ${(a.readyMs / 1000).toFixed(1)} s`,
    );
    b.add({
      name: 'RSS idle, PGlite first run',
      value: await idleRss(a),
      unit: ' MB',
      goal: 350,
      higher: false,
      note: 'after creating the database; must not keep its peak',
    });
    await a.stop();
  },
};

export const seed = {
  key: 'seed',
  title: 'seeding 1,000 and 100,000 parts',
  owed: [],
  run: async (b) => {
    const t = performance.now();
    b.shared.stockPartA = await seedPglite(b.dirA, 1000);
    // The 100,000-part copy only serves the growth step (seeding it takes minutes).
    if (b.selected.has('growth')) {
      fs.cpSync(b.dirA, b.dirB, { recursive: true });
      await seedPglite(b.dirB, 100_000);
    }
    // The references' copy, before the shop first opens (and vacuums) the folder.
    if (['list', 'purchases', 'checkout'].some((name) => b.selected.has(name)))
      fs.cpSync(b.dirA, b.dirRef, { recursive: true });
    b.log(`  seeded in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  },
};

/** Start-up: 3 interleaved openings of each side (decision 055 says how the goal was chosen). */
const STARTUP_ROUNDS = 3;
const STARTUP_GOAL = 3.5;

export const startup = {
  key: 'startup',
  title: 'PGlite: start-up on reopen, idle memory',
  owed: [
    owe('start-up on reopen / bare open', STARTUP_GOAL, { higher: false }),
    owe('RSS idle, PGlite reopen', 350, { higher: false }),
  ],
  run: async (b) => {
    const { shared } = b;
    await b.sampleJitter('start-up');
    // Reference first in rounds 1 and 3, so the shop's last start is the one the steps after use.
    const rounds = await sideBySide({
      rounds: STARTUP_ROUNDS,
      log: b.log,
      unit: ' ms',
      reference: () => bareOpenMs(b.dirA, b.sharedBuffers),
      shop: async (i) => {
        const a = await b.start({
          name: `pglite-reopen-${i}`,
          port: PORT.a,
          env: pgliteEnv(b.dirA),
        });
        if (i < STARTUP_ROUNDS - 1) await a.stop();
        else shared.a = a;
        return a.readyMs;
      },
    });
    b.addRatio({
      name: 'start-up on reopen / bare open',
      rounds,
      reference: 'bare open',
      sideUnit: ' ms',
      goal: STARTUP_GOAL,
      higher: false,
      note: `the shop: spawn to /api/readyz ready on the 1,000-part folder; the reference: spawn to the answer of one query of a bare node process opening the same folder's PGlite (bench/bare-open.mjs: the same extension, shared_buffers and Node flags, pinned to the server's core)`,
    });
    shared.idleA = await idleRss(shared.a);
    b.add({
      name: 'RSS idle, PGlite reopen',
      value: shared.idleA,
      unit: ' MB',
      goal: 350,
      higher: false,
    });
    shared.loadRssA = sampleRss(shared.a.pid, LOAD_SAMPLE_MS, () => b.phase);
  },
};
