#!/usr/bin/env node
// Starts N instances of the built shop (server/dist/main.js) on consecutive ports, for the proof
// suites and for anyone trying several instances behind a load balancer:
//
//   DATABASE_URL=postgres://... BETTER_AUTH_SECRET=... node scripts/cluster.mjs --instances 2 --port 4500
//   ... --balancer   (Debian's nginx on --port with deploy/nginx.conf, the instances on the ports after it)
//
// DATABASE_URL, REDIS_URL, BETTER_AUTH_SECRET and the rest of the environment pass through.
// Without DATABASE_URL the instances use the embedded database (PGlite), which is one process per
// data folder: only one instance then. Also a module: the suites import startInstance/startCluster.
import { spawn } from 'node:child_process';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../server/node-flags.mjs';
import fs from 'node:fs';
import os from 'node:os';
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
      const env = {
        ...process.env,
        ...SERVER_ENV,
        ...options.env,
        PORT: String(options.port),
        HOST: host,
      };
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

/** deploy/nginx.conf: the nginx configuration the proofs and `--balancer` run, a template. */
export const NGINX_TEMPLATE = path.join(root, 'deploy/nginx.conf');

/**
 * deploy/nginx.conf with its `${PARTSMITH_...}` filled in, as `envsubst` fills it for an
 * operator: the address to listen on, the instances (host:port) and nginx's own folder.
 * @param {{ listen: string, upstreams: string[], dir: string }} options
 */
export function renderNginxConf({ listen, upstreams, dir }) {
  const values = {
    PARTSMITH_LISTEN: listen,
    PARTSMITH_NGINX_DIR: dir,
    PARTSMITH_UPSTREAMS: upstreams
      .map((upstream) => `server ${upstream} max_fails=1 fail_timeout=3s;`)
      .join(' '),
  };
  return fs
    .readFileSync(NGINX_TEMPLATE, 'utf8')
    .replace(/\$\{(PARTSMITH_[A-Z_]+)\}/g, (_, name) => {
      if (!(name in values)) throw new Error(`deploy/nginx.conf names an unknown \${${name}}`);
      return values[name];
    });
}

/** Debian's nginx: NGINX_PATH, else `nginx` on the PATH, else /usr/sbin (root's PATH has it). */
function nginxBinary() {
  if (process.env.NGINX_PATH) return process.env.NGINX_PATH;
  const dirs = (process.env.PATH ?? '')
    .split(path.delimiter)
    .concat('/usr/sbin', '/usr/local/sbin');
  const found = dirs.map((dir) => path.join(dir, 'nginx')).find((file) => fs.existsSync(file));
  if (!found)
    throw new Error(
      "nginx is not installed: the scale-out proofs run the instances behind Debian's nginx " +
        '(apt-get install nginx), or set NGINX_PATH.',
    );
  return found;
}

/**
 * nginx in front of the instances (deploy/nginx.conf), on `port`, in the foreground with its
 * files in a folder of its own; the instances should trust 127.0.0.1 as their proxy
 * (TRUST_PROXY=127.0.0.1). Resolves once nginx answers; `stop()` ends it and removes the folder.
 * @param {{ port: number, host?: string, targets: string[] }} options
 */
export async function startNginx({ port, host = '127.0.0.1', targets }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'partsmith-nginx-'));
  // nginx's workers (nobody, when started as root) write request bodies under it.
  fs.chmodSync(dir, 0o755);
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    renderNginxConf({
      listen: `${host}:${port}`,
      upstreams: targets.map((target) => new URL(target).host),
      dir,
    }),
  );
  const proc = spawn(
    nginxBinary(),
    ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', conf, '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  proc.stdout.on('data', (chunk) => (output += chunk));
  proc.stderr.on('data', (chunk) => (output += chunk));
  let exited = false;
  const done = new Promise((resolve) => proc.on('exit', () => resolve((exited = true))));
  const url = `http://${host}:${port}`;
  const errors = () =>
    output +
    (fs.existsSync(path.join(dir, 'error.log'))
      ? fs.readFileSync(path.join(dir, 'error.log'), 'utf8')
      : '');
  const stop = async () => {
    if (!exited) {
      proc.kill('SIGQUIT');
      await Promise.race([done, sleep(STOP_TIMEOUT_MS)]);
      if (!exited) proc.kill('SIGKILL');
      await done;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited) {
      const text = errors();
      await stop();
      throw new Error(`nginx stopped at start:\n${text}`);
    }
    if (await isReady(url)) return { url, pid: proc.pid, errors, stop };
    await sleep(100);
  }
  const text = errors();
  await stop();
  throw new Error(`nginx did not answer within ${READY_TIMEOUT_MS / 1000} s:\n${text}`);
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
        "  Debian's nginx on P with deploy/nginx.conf, the instances on P+1, ... and\n" +
        '  TRUST_PROXY=127.0.0.1). N > 1 needs DATABASE_URL.\n',
    );
    return;
  }
  const first = args.balancer ? args.port + 1 : args.port;
  const cluster = await startCluster({
    instances: args.instances,
    port: first,
    echo: true,
    // Behind nginx the client's address is in X-Forwarded-For, and nginx is on this machine.
    env: args.balancer ? { TRUST_PROXY: process.env.TRUST_PROXY ?? '127.0.0.1' } : undefined,
  });
  const balancer = args.balancer
    ? await startNginx({ port: args.port, targets: cluster.urls }).catch(async (error) => {
        await cluster.stop();
        throw error;
      })
    : null;
  process.stdout.write(
    `\n${cluster.urls.map((url, i) => `instance ${i + 1}: ${url}`).join('\n')}\n` +
      (balancer ? `nginx:      ${balancer.url} (deploy/nginx.conf)\n` : ''),
  );
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await balancer?.stop();
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
