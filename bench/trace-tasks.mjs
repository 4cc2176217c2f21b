// `node bench/trace-tasks.mjs <trace.json> [slowdown]`: the main thread of a Lighthouse trace
// kept by `LH_REPORTS=<dir> LH_TRACES=1 npm run bench:lighthouse`, after the first contentful
// paint: every task that would block at that CPU slowdown (default 4) with its kinds of work,
// their blocking time summed as Total Blocking Time counts it (on the observed tasks; Lighthouse's
// own figure comes from its simulation of the page), and the time per kind of work. Each task's
// wall time is split into the main thread's own CPU time and the rest, with the browser's other
// threads that ran meanwhile.
import fs from 'node:fs';
import {
  blockingMs,
  byKind,
  othersWhileWaiting,
  tasksAfterFirstPaint,
} from './lib/trace-tasks.mjs';

const [file, slowdownArg = '4'] = process.argv.slice(2);
const slowdown = Number(slowdownArg);
if (!file || !(slowdown >= 1)) {
  console.error('usage: node bench/trace-tasks.mjs <trace.json> [slowdown >= 1]');
  process.exit(2);
}
const trace = JSON.parse(fs.readFileSync(file, 'utf8'));
const { firstPaintMs, tasks } = tasksAfterFirstPaint(trace);
const blocking = tasks.filter((t) => t.ms * slowdown > 50);
const total = tasks.reduce((sum, t) => sum + t.ms, 0);
const cpu = tasks.reduce((sum, t) => sum + t.cpuMs, 0);
const top = (kinds) =>
  [...kinds]
    .filter(([, ms]) => ms >= 0.1)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([k, ms]) => `${k} ${ms.toFixed(1)}`)
    .join(', ');
console.log(`first contentful paint at ${firstPaintMs.toFixed(0)} ms (observed)`);
console.log(
  `${tasks.length} tasks after it, ${total.toFixed(1)} ms of main thread, of which ${cpu.toFixed(1)} ms on a core (the rest off the CPU: waiting for a core, or blocked)`,
);
console.log(
  `tasks over ${(50 / slowdown).toFixed(1)} ms (blocking at ${slowdown}x): wall, CPU, work`,
);
for (const t of blocking)
  console.log(
    `  @${t.atMs.toFixed(0)} ms  ${t.ms.toFixed(1)} ms  ${t.cpuMs.toFixed(1)} ms  ${top(t.kinds)}`,
  );
console.log(
  `blocking time at ${slowdown}x: ${blockingMs(tasks, slowdown).toFixed(0)} ms; on CPU time alone ${blockingMs(tasks, slowdown, 'cpuMs').toFixed(0)} ms`,
);
const { waitedMs, byThread } = othersWhileWaiting(trace, tasks);
console.log(
  `the main thread was off the CPU for ${waitedMs.toFixed(0)} ms in the tasks where that was over 2 ms; CPU time of the browser's other threads meanwhile (ms):`,
);
for (const [thread, ms] of byThread.slice(0, 8))
  console.log(`  ${ms.toFixed(1).padStart(7)}  ${thread}`);
console.log('main thread after the first paint, by kind of work (ms):');
for (const [kind, ms] of byKind(tasks)) console.log(`  ${ms.toFixed(1).padStart(7)}  ${kind}`);
