// Starts the production server (server/dist/main.js) pinned to one core and waits for readiness.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../server/node-flags.mjs';
import { sleep } from './stats.mjs';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
export const SERVER_CORE = '0';
export const LOAD_CORE = '1';
/** The bench's SMTP peer (bench/lib/shop.mjs starts it with the first sign-up). */
export const MAIL_PEER_PORT = Number(process.env.BENCH_PORT_BASE ?? 4300) + 90;

/**
 * Spawns `taskset -c <core> node <SERVER_NODE_FLAGS> server/dist/main.js` with the given environment and resolves
 * once /api/readyz answers ready, with the time that took (ms). taskset execs node, so `pid` is
 * the server's own.
 */
export async function startServer({ name, port, env, logDir, core = SERVER_CORE, script }) {
  // BENCH_SERVER_FLAGS: more Node flags for the servers, e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`
  // to see where a figure's time goes (Node refuses those in NODE_OPTIONS).
  const extra = process.env.BENCH_SERVER_FLAGS?.split(/\s+/).filter(Boolean) ?? [];
  const args = script ?? [
    ...SERVER_NODE_FLAGS,
    ...extra,
    path.join(repoRoot, 'server/dist/main.js'),
  ];
  const log = fs.openSync(path.join(logDir, `${name}.log`), 'a');
  const started = performance.now();
  const child = spawn('taskset', ['-c', core, process.execPath, ...args], {
    cwd: repoRoot,
    env: {
      ...SERVER_ENV,
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      // Mail to the bench's loopback SMTP peer (sign-ups confirm through it), and no limit on
      // one buyer's unpaid orders or purchases: each bench buyer places hundreds.
      SMTP_URL: `smtp://127.0.0.1:${MAIL_PEER_PORT}`,
      MAX_UNPAID_ORDERS: '0',
      MAX_UNPAID_VALUE: '0',
      RATE_LIMITS: 'purchase=1000000/1s,cart=1000000/1s',
      ...env,
    },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  let exited = null;
  child.on('exit', (code, signal) => (exited = { code, signal }));
  const url = `http://127.0.0.1:${port}`;
  const readyPath = script ? '/' : '/api/readyz';
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited)
      throw new Error(
        `${name} exited before it was ready (${JSON.stringify(exited)}); see ${logDir}/${name}.log`,
      );
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} was not ready within 120 s; see ${logDir}/${name}.log`);
    }
    try {
      const res = await fetch(url + readyPath);
      const text = await res.text();
      if (res.ok && (script || JSON.parse(text).status === 'ready')) break;
    } catch {
      // not listening yet
    }
    await sleep(10);
  }
  const readyMs = performance.now() - started;
  return {
    name,
    url,
    port,
    pid: child.pid,
    readyMs,
    async stop() {
      if (exited) return;
      const done = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timeout = sleep(15_000).then(() => 'timeout');
      if ((await Promise.race([done, timeout])) === 'timeout') {
        child.kill('SIGKILL');
        await done;
      }
    },
  };
}

/** The raw node:http ceiling, serving a captured answer, pinned like the shop. */
export function startRawServer({ port, captureFile, logDir }) {
  return startServer({
    name: `raw-${port}`,
    port,
    env: {},
    logDir,
    script: [path.join(repoRoot, 'bench/raw-server.mjs'), captureFile, String(port)],
  });
}
