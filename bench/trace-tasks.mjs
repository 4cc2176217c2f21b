// `node bench/trace-tasks.mjs <trace.json> [slowdown]`: the main thread of a Lighthouse trace
// kept by `LH_REPORTS=<dir> LH_TRACES=1 npm run bench:lighthouse`, after the first contentful
// paint: every task that would block at that CPU slowdown (default 4) with its kinds of work,
// their blocking time summed as Total Blocking Time counts it (on the observed tasks; Lighthouse's
// own figure comes from its simulation of the page), and the time per kind of work.
import fs from 'node:fs';
import { blockingMs, byKind, tasksAfterFirstPaint } from './lib/trace-tasks.mjs';

const [file, slowdownArg = '4'] = process.argv.slice(2);
const slowdown = Number(slowdownArg);
if (!file || !(slowdown >= 1)) {
  console.error('usage: node bench/trace-tasks.mjs <trace.json> [slowdown >= 1]');
  process.exit(2);
}
const { firstPaintMs, tasks } = tasksAfterFirstPaint(JSON.parse(fs.readFileSync(file, 'utf8')));
const blocking = tasks.filter((t) => t.ms * slowdown > 50);
const total = tasks.reduce((sum, t) => sum + t.ms, 0);
const top = (kinds) =>
  [...kinds]
    .filter(([, ms]) => ms >= 0.1)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([k, ms]) => `${k} ${ms.toFixed(1)}`)
    .join(', ');
console.log(`first contentful paint at ${firstPaintMs.toFixed(0)} ms (observed)`);
console.log(`${tasks.length} tasks after it, ${total.toFixed(1)} ms of main thread`);
console.log(`tasks over ${(50 / slowdown).toFixed(1)} ms (blocking at ${slowdown}x):`);
for (const t of blocking)
  console.log(`  @${t.atMs.toFixed(0)} ms  ${t.ms.toFixed(1)} ms  ${top(t.kinds)}`);
console.log(`blocking time at ${slowdown}x: ${blockingMs(tasks, slowdown).toFixed(0)} ms`);
console.log('main thread after the first paint, by kind of work (ms):');
for (const [kind, ms] of byKind(tasks)) console.log(`  ${ms.toFixed(1).padStart(7)}  ${kind}`);
