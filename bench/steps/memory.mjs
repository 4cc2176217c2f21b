// The PGlite shop's memory: its peak under the load steps over idle, and its growth over a soak.
import { LIST } from '../lib/cursors.mjs';
import { load } from '../lib/load.mjs';
import { median, sampleRss } from '../lib/stats.mjs';
import { LOAD_SAMPLE_MS, owe, SOAK_SECONDS } from './settings.mjs';

export const memory = {
  key: 'memory',
  title: 'memory under load, PGlite',
  owed: [owe('RSS under load over idle, PGlite', 100, { higher: false })],
  run: async (b) => {
    const { shared } = b;
    shared.loadRssA.stop();
    const peak = shared.loadRssA.peak();
    b.add({
      name: 'RSS under load over idle, PGlite',
      value: peak.mb - shared.idleA,
      unit: ' MB',
      goal: 100,
      higher: false,
      note: `peak ${peak.mb.toFixed(0)} MB, in ${peak.phase}; sampled every ${LOAD_SAMPLE_MS} ms`,
    });
  },
};

export const soak = {
  key: 'soak',
  title: `soak (${SOAK_SECONDS} s, PGlite)`,
  owed: [owe('RSS growth over the soak', 10, { higher: false })],
  run: async (b) => {
    const a = b.shared.a;
    const later = b.uncachedPaths(1000);
    let k = 0;
    const mix = () => (k++ % 2 === 0 ? LIST : later());
    const sampler = sampleRss(a.pid, 1000);
    await load({ url: a.url, path: mix, connections: 4, seconds: SOAK_SECONDS });
    const samples = sampler.stop();
    const tenth = Math.max(3, Math.floor(samples.length / 10));
    const begin = median(samples.slice(5, 5 + tenth));
    const end = median(samples.slice(-tenth));
    b.add({
      name: 'RSS growth over the soak',
      value: ((end - begin) / begin) * 100,
      unit: ' %',
      goal: 10,
      higher: false,
      note: `${SOAK_SECONDS} s of cached and uncached pages: ${begin.toFixed(0)} -> ${end.toFixed(0)} MB`,
    });
  },
};
