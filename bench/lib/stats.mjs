import fs from 'node:fs';

export function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The p-th percentile (0-100) of the finite values, by nearest rank; NaN when there are none. */
export function percentile(values, p) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/**
 * `run` (sync or async) `warmup + runs` times in a row; the median and p99 of the last `runs`, in
 * ms.
 */
export async function timedRuns(run, runs, warmup) {
  const times = [];
  for (let i = 0; i < warmup + runs; i++) {
    const begun = performance.now();
    await run();
    if (i >= warmup) times.push(performance.now() - begun);
  }
  return { p99: percentile(times, 99), median: median(times) };
}

/**
 * The machine's own jitter: a fixed piece of CPU work (no I/O, no allocation) timed `runs` times
 * in a row. Its p99 against its median says how much of a latency figure's tail this machine adds
 * to any work at that moment (on the shared 2-core machine the p99 reached 3x the median).
 */
export function cpuLoopTimes(runs = 200, warmup = 10) {
  return timedRuns(
    () => {
      let x = 0;
      for (let i = 0; i < 6_000_000; i++) x += Math.sqrt(i);
      return x;
    },
    runs,
    warmup,
  );
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident size of a process in MB (MiB), from /proc/<pid>/status (VmRSS). */
export function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]) / 1024;
}

/** How close to the peak a sample must be for its phase to be named as the one that reached it. */
const REACHED_SHARE = 0.98;

/**
 * The highest sample, and the phase of the first sample within 2% of it. The resident size
 * climbs under a load and then stays on a plateau while later steps load other servers, so the
 * highest sample alone would name whichever later phase a page more happened to be touched in
 * (a PGlite shop's peak "in the checkout step's sign-ups (PostgreSQL)", when its own load had
 * brought it there a minute before and it was serving nothing).
 */
export function peakOf(samples, phases) {
  // A loop, not Math.max(...samples): a full run samples every 20 ms for half an hour, more
  // arguments than a call takes.
  const mb = samples.reduce((max, s) => (s > max ? s : max), Number.NEGATIVE_INFINITY);
  const first = samples.findIndex((s) => s >= mb * REACHED_SHARE);
  return { mb, phase: phases[first] ?? '' };
}

/**
 * Samples a process's RSS every `everyMs` until stopped; `stop()` returns the samples in MB.
 * `phase()`, when given, names what the run is doing at each sample, and `peak()` says the
 * highest sample and the phase that reached it (peakOf): a password hash's 32 MiB scrypt buffer
 * lives for a few tens of milliseconds, so a coarse sampler reports it by luck
 * (docs/decisions/040).
 */
export function sampleRss(pid, everyMs = 250, phase = () => '') {
  const samples = [];
  const phases = [];
  const take = () => {
    try {
      samples.push(rssMb(pid));
      phases.push(phase());
    } catch {
      // the process is gone: stop() still returns what was seen
    }
  };
  take();
  const timer = setInterval(take, everyMs);
  // A sampler left running (a step that would have stopped it was not selected) must not keep
  // the bench from exiting.
  timer.unref();
  return {
    samples,
    stop() {
      clearInterval(timer);
      take();
      return samples;
    },
    peak: () => peakOf(samples, phases),
  };
}
