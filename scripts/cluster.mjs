#!/usr/bin/env node
// Starts N instances of the built shop (server/dist/main.js) on consecutive ports, for the proof
// suites and for anyone trying several instances behind a load balancer:
//
//   DATABASE_URL=postgres://... BETTER_AUTH_SECRET=... node scripts/cluster.mjs --instances 2 --port 4500
//   ... --balancer   (a small round-robin balancer on --port, the instances on the ports after it)
//
// DATABASE_URL, REDIS_URL, BETTER_AUTH_SECRET and the rest of the environment pass through.
// Without DATABASE_URL the instances use the embedded database (PGlite), which is one process per
// data folder: only one instance then. Also a module: the suites import startInstance/startCluster.
import { spawn } from 'node:child_process';
import { SERVER_NODE_FLAGS } from '../server/node-flags.mjs';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_ENTRY = path.join(root, 'server/dist/main.js');
const READY_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;
const OUTPUT_TAIL_CHARS = 8_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function isReady(url) {
  try {
    const res = await fetch(`${url}/api/readyz`, { signal: AbortSignal.timeout(2_000) });
    await res.body?.cancel();
    return res.status === 200;
  } catch {
    return false;
  }
}

/**
 * One server process on one port, which can be started, stopped (SIGTERM), killed (SIGKILL) and
 * started again with the same settings. `output()` is the tail of what it printed.
 * @param {{ port: number, host?: string, env?: Record<string, string | undefined>, echo?: boolean, name?: string }} options
 */
export function createInstance(options) {
  const host = options.host ?? '127.0.0.1';
  const name = options.name ?? `instance :${options.port}`;
  const url = `http://${host}:${options.port}`;
  let child = null;
  let exited = null;
  let tail = '';

  const record = (chunk) => {
    tail = (tail + chunk.toString()).slice(-OUTPUT_TAIL_CHARS);
    if (options.echo) process.stdout.write(chunk);
  };

  const instance = {
    name,
    url,
    port: options.port,
    get pid() {
      return child?.pid;
    },
    get running() {
      return child !== null && exited === null;
    },
    output: () => tail,
    /** Starts the process and resolves once GET /api/readyz answers 200. */
    async start() {
      if (instance.running) throw new Error(`${name} is already running`);
      if (!fs.existsSync(SERVER_ENTRY))
        throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first`);
      const env = { ...process.env, ...options.env, PORT: String(options.port), HOST: host };
      for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
      const proc = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
        cwd: root,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = proc;
      exited = null;
      const done = new Promise((resolve) => {
        proc.on('exit', (code, signal) => {
          if (child === proc) exited = { code, signal };
          resolve({ code, signal });
        });
      });
      proc.exitPromise = done;
      proc.stdout.on('data', record);
      proc.stderr.on('data', record);
      const deadline = Date.now() + READY_TIMEOUT_MS;
      while (Date.now() < deadline) {
        if (exited)
          throw new Error(
            `${name} exited (code ${exited.code}, signal ${exited.signal}) before it was ready:\n${tail}`,
          );
        if (await isReady(url)) return instance;
        await sleep(150);
      }
      await instance.kill();
      throw new Error(`${name} was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${tail}`);
    },
    /** Sends a signal and waits for the process to end. */
    async signal(sig) {
      const proc = child;
      if (!proc || exited) return exited;
      proc.kill(sig);
      const result = await Promise.race([
        proc.exitPromise,
        sleep(STOP_TIMEOUT_MS).then(() => null),
      ]);
      if (result) return result;
      proc.kill('SIGKILL');
      return proc.exitPromise;
    },
    /** A graceful stop (SIGTERM): open requests finish, the database closes. */
    stop: () => instance.signal('SIGTERM'),
    /** `kill -9`: the process ends at once, mid-request. */
    kill: () => instance.signal('SIGKILL'),
    async restart() {
      await instance.stop();
      return instance.start();
    },
  };
  return instance;
}

/**
 * Starts `instances` servers on consecutive ports from `port`, all together, and waits until each
 * is ready. Refuses more than one without DATABASE_URL (PGlite is one process per data folder).
 * @param {{ instances: number, port: number, host?: string, env?: Record<string, string | undefined>, echo?: boolean }} options
 */
export async function startCluster(options) {
  const env = { ...process.env, ...options.env };
  if (options.instances > 1 && !env.DATABASE_URL)
    throw new Error(
      'Several instances need PostgreSQL: set DATABASE_URL (and BETTER_AUTH_SECRET, the same for all). ' +
        'Without it the shop uses the embedded database in DATA_DIR, which serves one process only.',
    );
  const list = Array.from({ length: options.instances }, (_, i) =>
    createInstance({
      port: options.port + i,
      host: options.host,
      env: options.env,
      echo: options.echo,
      name: `instance ${i + 1} (:${options.port + i})`,
    }),
  );
  const started = await Promise.allSettled(list.map((instance) => instance.start()));
  const failed = started.find((r) => r.status === 'rejected');
  if (failed) {
    await Promise.all(list.map((instance) => instance.stop()));
    throw failed.reason;
  }
  return {
    instances: list,
    urls: list.map((instance) => instance.url),
    stop: () => Promise.all(list.map((instance) => instance.stop())),
  };
}

/**
 * A small round-robin HTTP balancer (for trying the cluster in a browser): each request goes to
 * the next instance; X-Forwarded-For carries the client's address, so run the instances with
 * TRUST_PROXY=127.0.0.1 behind it.
 */
export function startBalancer({ port, host = '127.0.0.1', targets }) {
  let next = 0;
  const server = http.createServer((req, res) => {
    const target = new URL(targets[next++ % targets.length]);
    const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress]
      .filter(Boolean)
      .join(', ');
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': forwarded },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('The instance did not answer.\n');
    });
    req.pipe(upstream);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

function parseArgs(argv) {
  const args = { instances: 1, port: 3000, balancer: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--balancer') args.balancer = true;
    else if (arg === '--instances' || arg === '-n') args.instances = Number(argv[++i]);
    else if (arg === '--port' || arg === '-p') args.port = Number(argv[++i]);
    else if (arg === '--help' || arg === '-h') args.help = true;
    else throw new Error(`Unknown argument ${arg} (see --help)`);
  }
  if (!Number.isInteger(args.instances) || args.instances < 1)
    throw new Error('--instances must be a whole number of at least 1');
  if (!Number.isInteger(args.port) || args.port < 1 || args.port + args.instances > 65535)
    throw new Error('--port must be a port number');
  return args;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.help) {
    process.stdout.write(
      'Usage: node scripts/cluster.mjs [--instances N] [--port P] [--balancer]\n' +
        '  Starts N instances of server/dist/main.js on ports P, P+1, ... (with --balancer:\n' +
        '  a round-robin balancer on P and the instances on P+1, ...). N > 1 needs DATABASE_URL.\n',
    );
    return;
  }
  const first = args.balancer ? args.port + 1 : args.port;
  const cluster = await startCluster({ instances: args.instances, port: first, echo: true });
  const balancer = args.balancer
    ? await startBalancer({ port: args.port, targets: cluster.urls })
    : null;
  process.stdout.write(
    `\n${cluster.urls.map((url, i) => `instance ${i + 1}: ${url}`).join('\n')}\n` +
      (balancer ? `balancer:   http://127.0.0.1:${args.port} (round robin)\n` : ''),
  );
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    balancer?.close();
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // An instance that dies on its own is reported; the others keep serving.
  for (const instance of cluster.instances) {
    const watch = setInterval(() => {
      if (!instance.running && !stopping) {
        process.stderr.write(`${instance.name} stopped on its own.\n`);
        clearInterval(watch);
      }
    }, 1000);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
