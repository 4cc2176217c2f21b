import { describe, expect, it } from 'vitest';
import { rssMb, sampleRss, sleep } from './stats.mjs';

describe('sampleRss', () => {
  it('says how high the resident size went and what the run was doing then', async () => {
    let phase = 'before';
    const sampler = sampleRss(process.pid, 10, () => phase);
    await sleep(50);
    const before = rssMb(process.pid);
    phase = 'a 200 MB buffer';
    const buffer = Buffer.allocUnsafe(200 * 1024 * 1024).fill(1);
    await sleep(100);
    sampler.stop();
    expect(buffer[0]).toBe(1);
    const peak = sampler.peak();
    expect(peak.phase).toBe('a 200 MB buffer');
    expect(peak.mb).toBeGreaterThan(before + 150);
    expect(Math.max(...sampler.samples)).toBe(peak.mb);
  });
});
