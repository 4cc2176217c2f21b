// The fixed CPU loop (cpuLoopTimes, bench/lib/stats.mjs) in a process of its own, so that the
// bench can time it on the servers' core as well as on its own (bench/lib/reference.mjs,
// cpuLoopOnCore). Usage: node bench/cpu-loop.mjs <runs>; prints { median, p99 } in ms as JSON.
import { cpuLoopTimes } from './lib/stats.mjs';

const runs = Number(process.argv[2] ?? 200);
process.stdout.write(`${JSON.stringify(await cpuLoopTimes(runs))}\n`);
