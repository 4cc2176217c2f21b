import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load } from './load.mjs';
import { percentile } from './stats.mjs';

describe('percentile', () => {
  it('takes the nearest rank of the finite values', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i); // 100 .. 1, unsorted
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile(values, 0)).toBe(1);
    expect(percentile([0.25, Number.NaN, 0.75], 99)).toBe(0.75);
    expect(percentile([], 99)).toBeNaN();
  });
});

describe('load() with exactLatency', () => {
  /** Answers every request after DELAY_MS, so no answer can take less. */
  const DELAY_MS = 2;
  let server;
  let url;
  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      setTimeout(() => res.end('ok'), DELAY_MS);
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${server.address().port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("reads each answer's own time, in fractions of a millisecond", async () => {
    const r = await load({ url, connections: 2, seconds: 0.5, exactLatency: true });
    expect(r.ok).toBeGreaterThan(10);
    expect(r.p50).toBeGreaterThanOrEqual(DELAY_MS);
    expect(r.p99).toBeGreaterThanOrEqual(r.p50);
    // autocannon's histogram keeps whole milliseconds; the answers' own times are not whole.
    expect(Number.isInteger(r.p99) && Number.isInteger(r.p50)).toBe(false);
  });
});
