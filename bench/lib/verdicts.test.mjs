import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cpuMultiplier, seoWaived } from './lighthouse.mjs';
import {
  figure,
  jitterSpread,
  jitterText,
  ratioFigure,
  sidesText,
  valueText,
  verdict,
  writeReport,
} from './report.mjs';

const seoFailing = (...ids) => ids.map((id) => ({ category: 'seo', id }));

describe('figure verdicts', () => {
  it('passes, misses above the floor and misses below it', () => {
    expect(verdict(figure({ name: 'a', value: 96, goal: 95 }))).toBe('PASS');
    expect(verdict(figure({ name: 'b', value: 0.9, goal: 1, floor: 0.5 }))).toBe(
      'MISS (floor met)',
    );
    const below = figure({ name: 'c', value: 250, goal: 200, higher: false });
    expect([verdict(below), below.floorOk]).toEqual(['MISS', false]);
    expect(figure({ name: 'd', value: null, goal: 1 }).floorOk).toBe(false);
  });

  it('shows a waived miss as WAIVED, with its reason, and not below its floor', () => {
    const f = figure({ name: 'seo', value: 66, goal: 100, note: 'median of 5', waived: 'why' });
    expect([verdict(f), f.pass, f.floorOk, f.note]).toEqual([
      'WAIVED',
      false,
      true,
      'median of 5; waived: why',
    ]);
  });

  it('does not waive a figure that meets its goal or was not measured', () => {
    expect(verdict(figure({ name: 'e', value: 100, goal: 100, waived: 'why' }))).toBe('PASS');
    const unmeasured = figure({ name: 'f', value: null, goal: 100, waived: 'why' });
    expect([verdict(unmeasured), unmeasured.floorOk]).toEqual(['MISS', false]);
  });
});

describe('a ratio figure (docs/decisions/055)', () => {
  const latency = (rounds, goal = 1.5) =>
    ratioFigure({
      name: 'p99 search / bare pg',
      rounds,
      reference: 'bare pg',
      sideUnit: ' ms',
      goal,
      higher: false,
    });

  it('is the median of the per-round ratios, not the ratio of the medians', () => {
    // Medians: shop 30, reference 20 (1.5x); per-round ratios 1.0, 1.2, 3.0: median 1.2.
    const f = latency([
      { shop: 10, reference: 10 },
      { shop: 30, reference: 25 },
      { shop: 60, reference: 20 },
    ]);
    expect(f.value).toBeCloseTo(1.2, 10);
    expect(f.unit).toBe('x');
    expect(f.sides.map((s) => [s.label, s.value])).toEqual([
      ['shop', 30],
      ['bare pg', 20],
    ]);
    expect(f.note).toMatch(/^median of 3 interleaved rounds' ratios \(1\.00, 1\.20, 3\.00\)/);
  });

  it('passes or misses on the ratio alone, whatever the absolute values', () => {
    // Slow on both sides (a busy machine), within the ratio: PASS.
    expect(verdict(latency([{ shop: 500, reference: 400 }]))).toBe('PASS');
    // Fast on both sides, but twice the reference: MISS, below its floor.
    const fastButSlower = latency([{ shop: 2, reference: 1 }]);
    expect([verdict(fastButSlower), fastButSlower.floorOk]).toEqual(['MISS', false]);
    // Exactly at the goal passes.
    expect(verdict(latency([{ shop: 3, reference: 2 }]))).toBe('PASS');
  });

  it('reads a rate the other way round: at least the goal', () => {
    const rate = (shop, reference) =>
      ratioFigure({
        name: 'purchases/s / pgbench',
        rounds: [{ shop, reference }],
        reference: 'pgbench',
        sideUnit: '/s',
        goal: 0.75,
        floor: 0.6,
      });
    expect(verdict(rate(800, 1000))).toBe('PASS');
    expect(verdict(rate(700, 1000))).toBe('MISS (floor met)');
    expect(verdict(rate(500, 1000))).toBe('MISS');
    expect(sidesText(rate(800, 1000))).toBe('shop 800/s / pgbench 1000/s');
  });

  it('is not measured when a round lacks a side', () => {
    for (const rounds of [[], [{ shop: 10, reference: 0 }], [{ shop: Number.NaN, reference: 5 }]]) {
      const f = latency(rounds);
      expect([f.value, verdict(f), f.floorOk]).toEqual([null, 'MISS', false]);
    }
  });
});

describe("the machine's jitter", () => {
  it('says how far the CPU loop drifted over the run and how long its tail was', () => {
    const samples = [
      { at: 'start', median: 10, p99: 12 },
      { at: 'search', median: 15, p99: 45 },
      { at: 'end', median: 12, p99: 13 },
    ];
    expect(jitterSpread(samples)).toEqual({
      points: 3,
      fastest: 10,
      slowest: 15,
      drift: 1.5,
      tail: 3,
    });
    expect(jitterText(samples)).toBe(
      'a fixed CPU loop (cpuLoopTimes) timed at 3 points of the run: median 10.00-15.00 ms ' +
        '(the slowest point 1.50x the fastest), p99 up to 3.00x its median',
    );
    expect(jitterSpread([])).toBeNull();
  });
});

describe('the value printed', () => {
  it('never prints the same as its goal or floor unless it is', () => {
    const kB = { unit: ' kB', higher: false };
    expect(valueText(figure({ name: 'a', value: 129.89, goal: 130, floor: 150, ...kB }))).toBe(
      '129.9 kB',
    );
    expect(valueText(figure({ name: 'b', value: 130.4, goal: 130, ...kB }))).toBe('130.4 kB');
    expect(valueText(figure({ name: 'c', value: 130, goal: 130, ...kB }))).toBe('130 kB');
    expect(valueText(figure({ name: 'd', value: 117.3, goal: 130, ...kB }))).toBe('117 kB');
    expect(valueText(figure({ name: 'e', value: 0.79996, goal: 0.8 }))).toBe('0.79996');
    expect(valueText(figure({ name: 'f', value: null, goal: 1 }))).toBe('n/a');
  });
});

describe('the SEO waiver (docs/decisions/040)', () => {
  it('waives is-crawlable alone, on a /dashboard page only', () => {
    expect(seoWaived({ name: '/dashboard/my-orders', failing: seoFailing('is-crawlable') })).toBe(
      true,
    );
    expect(seoWaived({ name: '/', failing: seoFailing('is-crawlable') })).toBe(false);
    expect(
      seoWaived({ name: '/dashboard/my-orders', failing: seoFailing('is-crawlable', 'link-text') }),
    ).toBe(false);
    expect(seoWaived({ name: '/dashboard/my-orders', failing: [] })).toBe(false);
  });
});

describe("Lighthouse's CPU calibration table", () => {
  it('maps benchmarkIndex to the multiplier, clamped to 1-20', () => {
    expect(cpuMultiplier(150)).toBe(1);
    expect(cpuMultiplier(800)).toBe(2);
    expect(cpuMultiplier(1300)).toBe(3);
    expect(cpuMultiplier(1453)).toBe(3.7);
    expect(cpuMultiplier(3129)).toBe(10.8);
    expect(cpuMultiplier(50)).toBe(1);
    expect(cpuMultiplier(9000)).toBe(20);
  });
});

describe('the written report', () => {
  const write = (dir, stem, latest) =>
    writeReport({
      dir,
      stem,
      figures: [
        figure({ name: 'p99', value: 0.602, unit: ' ms', goal: 5, higher: false }),
        ratioFigure({
          name: 'p99 / raw',
          rounds: [{ shop: 0.9, reference: 0.6 }],
          reference: 'raw',
          sideUnit: ' ms',
          goal: 2,
          higher: false,
        }),
      ],
      machine: ['m'],
      notes: ['n'],
      jitter: [{ at: 'start', median: 8, p99: 9 }],
      latest,
    });

  it('keeps latest.md for a full run: a partial run writes only its own files', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-report-'));
    try {
      write(dir, '2026-11-25-abc1234', true);
      const full = fs.readFileSync(path.join(dir, 'latest.md'), 'utf8');
      expect(full).toMatch(/^# Latest benchmark: 2026-11-25-abc1234\n/);
      expect(full).toContain('| p99 | 0.602 ms | <= 5.00 ms | <= 5.00 ms | PASS |  |  |');
      expect(full).toMatch(
        /\| p99 \/ raw \| 1\.50x \| <= 2\.00x \| <= 2\.00x \| PASS \| .* \| shop 0\.900 ms \/ raw 0\.600 ms \|\n/,
      );
      expect(full).toContain('- start: median 8.00 ms, p99 9.00 ms (1.13x)');
      write(dir, '2026-11-25-abc1234-list-short', false);
      expect(fs.readdirSync(dir).sort()).toEqual([
        '2026-11-25-abc1234-list-short.md',
        '2026-11-25-abc1234-list-short.svg',
        '2026-11-25-abc1234.md',
        '2026-11-25-abc1234.svg',
        'latest.md',
      ]);
      expect(fs.readFileSync(path.join(dir, 'latest.md'), 'utf8')).toBe(full);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
