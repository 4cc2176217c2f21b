// The steps of a test run (`npm test`, `npm run test:quick`): each command's output in the log,
// its time, and a list of the times to print at the end.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

/** The machine's busy and total CPU time so far, in clock ticks (every core, from /proc/stat). */
export function cpuTicks() {
  try {
    const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number);
    const busy = user + nice + system + irq + softirq + steal;
    return { busy, total: busy + idle + iowait };
  } catch {
    return undefined; // not Linux: the step's line then has no CPU figure
  }
}

/**
 * How busy the machine was since `from`: "1.7 of 2 cores busy". What a step could still gain by
 * running beside another is the rest.
 */
export function busySince(from) {
  const now = cpuTicks();
  if (!from || !now || now.total === from.total) return '';
  const cores = os.cpus().length;
  const busy = ((now.busy - from.busy) / (now.total - from.total)) * cores;
  return `, ${busy.toFixed(1)} of ${cores} cores busy`;
}

/** `run` waits for a command; `runBeside` runs one beside others; both record into `timings`. */
export function createSteps(root) {
  const timings = [];
  /** The process's environment with `env` over it; a key set to undefined is left out. */
  const withEnv = (env) =>
    Object.fromEntries(
      Object.entries({ ...process.env, ...env }).filter(([, value]) => value !== undefined),
    );

  function run(label, command, args, env = {}) {
    process.stdout.write(`\n=== ${label}: ${[command, ...args].join(' ')}\n`);
    const t0 = Date.now();
    const cpu0 = cpuTicks();
    const r = spawnSync(command, args, {
      cwd: root,
      stdio: 'inherit',
      env: withEnv(env),
    });
    const seconds = Math.round((Date.now() - t0) / 1000);
    const busy = busySince(cpu0);
    timings.push(`${label}: ${seconds} s${busy}`);
    process.stdout.write(`=== ${label}: ${seconds} s${busy}\n`);
    return r.status ?? 1;
  }

  /**
   * Runs a command beside others, its output's lines prefixed with `label` (so that two at once
   * stay readable), and resolves with its exit status.
   */
  function runBeside(label, command, args, env = {}) {
    process.stdout.write(`\n=== ${label} (beside the others): ${[command, ...args].join(' ')}\n`);
    const t0 = Date.now();
    const cpu0 = cpuTicks();
    return new Promise((resolve) => {
      const child = spawn(command, args, {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: withEnv(env),
      });
      for (const stream of [child.stdout, child.stderr]) {
        let rest = '';
        stream.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop();
          for (const line of lines) process.stdout.write(`[${label}] ${line}\n`);
        });
        stream.on('end', () => rest && process.stdout.write(`[${label}] ${rest}\n`));
      }
      child.on('error', () => resolve(1));
      child.on('close', (code) => {
        const seconds = Math.round((Date.now() - t0) / 1000);
        const busy = busySince(cpu0);
        timings.push(`${label}: ${seconds} s (beside the others${busy})`);
        process.stdout.write(`=== ${label}: ${seconds} s${busy}\n`);
        resolve(code ?? 1);
      });
    });
  }

  return { run, runBeside, timings };
}
