// The steps of a test run (`npm test`, `npm run test:quick`): each command's output in the log,
// its time, and a list of the times to print at the end.
import { spawn, spawnSync } from 'node:child_process';

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
    const r = spawnSync(command, args, {
      cwd: root,
      stdio: 'inherit',
      env: withEnv(env),
    });
    const seconds = Math.round((Date.now() - t0) / 1000);
    timings.push(`${label}: ${seconds} s`);
    process.stdout.write(`=== ${label}: ${seconds} s\n`);
    return r.status ?? 1;
  }

  /**
   * Runs a command beside others, its output's lines prefixed with `label` (so that two at once
   * stay readable), and resolves with its exit status.
   */
  function runBeside(label, command, args, env = {}) {
    process.stdout.write(`\n=== ${label} (beside the others): ${[command, ...args].join(' ')}\n`);
    const t0 = Date.now();
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
        timings.push(`${label}: ${seconds} s (beside the others)`);
        process.stdout.write(`=== ${label}: ${seconds} s\n`);
        resolve(code ?? 1);
      });
    });
  }

  return { run, runBeside, timings };
}
