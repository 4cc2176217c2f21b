import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cpuMultiplier, seoWaived } from './lighthouse.mjs';
import { figure, valueText, verdict, writeReport } from './report.mjs';

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

describe('the SEO waiver (docs/decisions/013)', () => {
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
      figures: [figure({ name: 'p99', value: 0.602, unit: ' ms', goal: 5, higher: false })],
      machine: ['m'],
      notes: ['n'],
      latest,
    });

  it('keeps latest.md for a full run: a partial run writes only its own files', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-report-'));
    try {
      write(dir, '2026-11-25-abc1234', true);
      const full = fs.readFileSync(path.join(dir, 'latest.md'), 'utf8');
      expect(full).toMatch(/^# Latest benchmark: 2026-11-25-abc1234\n/);
      expect(full).toContain('| p99 | 0.602 ms | <= 5.00 ms |');
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
