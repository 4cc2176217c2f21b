// The soak's memory figure (docs/performance.md, The figures) in CI: the resident size of the
// server grows by less than 10% over a soak. The bench's own soak step runs here in its short form
// (`BENCH_SHORT=1 BENCH_ONLY=soak`: a fresh 1,000-part PGlite shop, one minute of cached and
// uncached catalogue pages at 4 connections, RSS sampled every second, the median of the first
// tenth against the last); the 10-minute form is `npm run bench`. Only the soak's figure is held to
// its goal here: the steps it needs (first run, start-up) print theirs, which `npm run bench`
// judges.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { BASE_PORT, tempDataDir } from './lib/env.ts';
import { figure } from './lib/shop.ts';

const root = path.resolve(import.meta.dirname, '..');
const work = tempDataDir('soak');
const results = tempDataDir('soak-report');
afterAll(() => {
  work.remove();
  results.remove();
});

function runBench(env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'bench/run.mjs')], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d));
    child.stderr.on('data', (d: Buffer) => (output += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

it('the server grows by less than 10% over the short soak', async () => {
  const { code, output } = await runBench({
    BENCH_SHORT: '1',
    BENCH_ONLY: 'soak',
    BENCH_PORT_BASE: String(BASE_PORT + 60),
    BENCH_WORK_DIR: work.dir,
    BENCH_RESULTS_DIR: results.dir,
  });
  const report = fs.readdirSync(results.dir).find((f) => f.endsWith('-soak-short.md'));
  if (!report) throw new Error(`the bench wrote no report (exit ${code}):\n${output}`);
  const text = fs.readFileSync(path.join(results.dir, report), 'utf8');
  const rows = text
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('| figure |'))
    .map((l) =>
      l
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    );
  for (const r of rows) figure(`soak bench: ${r.slice(0, 2).join(' ')} (${r[4]})`);
  const row = rows.find((r) => r[0] === 'RSS growth over the soak');
  expect(row, output).toBeDefined();
  const [, value = '', , , result, note = ''] = row!;
  const [begin, end] = (/: (\d+) -> (\d+) MB/.exec(note) ?? []).slice(1).map(Number);
  // Samples of a live server over the whole minute, not an empty or failed step.
  expect(note, output).toMatch(/^60 s of cached and uncached pages/);
  expect(begin).toBeGreaterThan(50);
  expect(end).toBeGreaterThan(50);
  expect(parseFloat(value)).toBeLessThan(10);
  expect(result).toBe('PASS');
});
