import { spawn } from 'node:child_process';
import { once } from 'node:events';
import readline from 'node:readline';
import { describe, expect, it } from 'vitest';
import { peakOf, rssMb, sampleRss, sleep } from './stats.mjs';

/**
 * A node process of its own that fills a 200 MB buffer when told to. The test samples it, not
 * itself: the test's own worker had run the other files before it (1.5 GB resident in a fresh
 * clone's run on 2026-12-01) and gave memory back while the buffer filled, so its resident size
 * rose by less than the buffer.
 */
async function allocatingChild() {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `process.stdin.once('data', () => {
         globalThis.kept = Buffer.allocUnsafe(200 * 1024 * 1024).fill(1);
         process.stdout.write('filled\\n');
       });
       process.stdout.write('ready\\n');`,
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => (await lines.next()).value;
  expect(await next()).toBe('ready');
  return {
    pid: child.pid,
    async fill() {
      child.stdin.write('go\n');
      expect(await next()).toBe('filled');
    },
    async end() {
      child.kill();
      await once(child, 'exit');
    },
  };
}

describe('sampleRss', () => {
  it('says how high the resident size went and what the run was doing then', async () => {
    const child = await allocatingChild();
    try {
      let phase = 'before';
      const sampler = sampleRss(child.pid, 10, () => phase);
      await sleep(50);
      const before = rssMb(child.pid);
      phase = 'a 200 MB buffer';
      await child.fill();
      await sleep(100);
      sampler.stop();
      const peak = sampler.peak();
      expect(peak.phase).toBe('a 200 MB buffer');
      expect(peak.mb).toBeGreaterThan(before + 150);
      expect(Math.max(...sampler.samples)).toBe(peak.mb);
    } finally {
      await child.end();
    }
  });
});

describe('peakOf', () => {
  it('names the phase that brought the resident size to its plateau, not a later one on it', () => {
    const samples = [220, 250, 300, 310, 309, 312, 311];
    const phases = ['idle', 'load', 'load', 'load', 'other server', 'other server', 'the end'];
    expect(peakOf(samples, phases)).toEqual({ mb: 312, phase: 'load' });
  });

  it("takes a whole run's samples: every 20 ms for an hour", () => {
    const samples = Array.from({ length: 180_000 }, (_, i) => 200 + (i % 1000) / 100);
    const phases = samples.map((_, i) => (i < 90_000 ? 'first half' : 'second half'));
    expect(peakOf(samples, phases)).toEqual({ mb: 209.99, phase: 'first half' });
  });

  it('names the phase of a short spike above everything else', () => {
    expect(peakOf([220, 230, 262, 231], ['idle', 'sign-ups', 'a hash', 'sign-ups'])).toEqual({
      mb: 262,
      phase: 'a hash',
    });
  });
});
