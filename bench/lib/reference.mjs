// The references the shop's figures are read against (docs/decisions/055): the same work without
// the shop, measured in the same run, side by side. A bare PGlite on a copy of the shop's data
// folder, a bare `pg` pool, pgbench, a bare process that opens the embedded database; and the
// interleaved rounds that put each beside the shop.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import pg from 'pg';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../server/node-flags.mjs';
import { LOAD_CORE, repoRoot, SERVER_CORE } from './server.mjs';
import { median, percentile } from './stats.mjs';

/**
 * Interleaved rounds: each round runs both sides once, the reference first in odd rounds and the
 * shop first in even ones (so that a machine slowing down or speeding up over a round does not
 * favour one side), after one untimed run of each (`warmup`, when given). Answers the rounds as
 * [{ shop, reference }] for ratioFigure.
 */
export async function sideBySide({ rounds, shop, reference, warmup, log = () => {}, unit = '' }) {
  if (warmup) {
    await warmup.reference?.();
    await warmup.shop?.();
  }
  const out = [];
  for (let i = 0; i < rounds; i++) {
    const round = {};
    if (i % 2 === 0) {
      round.reference = await reference(i);
      round.shop = await shop(i);
    } else {
      round.shop = await shop(i);
      round.reference = await reference(i);
    }
    out.push(round);
    log(
      `    round ${i + 1}/${rounds}: shop ${round.shop.toFixed(2)}${unit}, reference ${round.reference.toFixed(2)}${unit} (${(round.shop / round.reference).toFixed(2)}x)`,
    );
  }
  return out;
}

/**
 * Sequential latency side by side, request by request: after `warmup` untimed pairs, each round
 * runs `requests` pairs of `shop()` then `reference()` (each answering its own time, ms) and
 * keeps each side's p99. Answers the rounds (for ratioFigure) and each side's median over all.
 */
export async function pairedRounds({
  rounds,
  requests,
  warmup = 0,
  shop,
  reference,
  log = () => {},
}) {
  for (let i = 0; i < warmup; i++) {
    await shop();
    await reference();
  }
  const out = [];
  const all = { shop: [], reference: [] };
  for (let round = 0; round < rounds; round++) {
    const times = { shop: [], reference: [] };
    for (let i = 0; i < requests; i++) {
      times.shop.push(await shop());
      times.reference.push(await reference());
    }
    const r = { shop: percentile(times.shop, 99), reference: percentile(times.reference, 99) };
    out.push(r);
    all.shop.push(...times.shop);
    all.reference.push(...times.reference);
    log(
      `    round ${round + 1}/${rounds}: p99 shop ${r.shop.toFixed(2)} ms, reference ${r.reference.toFixed(2)} ms (${(r.shop / r.reference).toFixed(2)}x)`,
    );
  }
  return { rounds: out, shop: median(all.shop), reference: median(all.reference) };
}

/**
 * `concurrency` loops calling `once(k)` (k counts every call) for `seconds`: the calls a second
 * and the p99 of their own times (ms).
 */
export async function loops({ concurrency, seconds, once }) {
  const times = [];
  let k = 0;
  const begun = performance.now();
  const end = begun + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        await once(k++);
        times.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - begun) / 1000;
  return { rps: times.length / elapsed, p99: percentile(times, 99), count: times.length };
}

/** A parameter as text, as PGlite's serializers or node-postgres would send it. */
function paramText(client, oid, value) {
  if (value === null || value === undefined) return null;
  const serializer = client.serializers[oid];
  return serializer ? serializer(value) : String(value);
}

/**
 * A bare PGlite on the data folder `dir` (a copy of the shop's: the shop holds its own), opened
 * with the server's settings (server/src/db/client.ts: shared_buffers, pg_trgm), in this process.
 * `run(sql, params)` sends a statement the way a driver does, prepared once by its text and then
 * bound and executed in one call (as the server's own statement cache does, decision 039), one
 * at a time; `query` is PGlite's own, for the bench's set-up.
 */
export async function openBarePglite(dir, sharedBuffers = '64MB') {
  const { PGlite, parse, protocol } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = await PGlite.create({
    dataDir: dir,
    postgresqlconf: `shared_buffers=${sharedBuffers}\n`,
    extensions: { pg_trgm },
  });
  const { serialize } = protocol;
  const statements = new Map();
  let queue = Promise.resolve();
  /** One statement at a time, as PGlite serves them (and the server's PGlite does). */
  const exclusive = (fn) => {
    const next = queue.then(fn, fn);
    queue = next.catch(() => {});
    return next;
  };
  const bytes = (parts) => {
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  };
  async function prepare(text) {
    const name = `bench_s${statements.size + 1}`;
    const { messages } = await client.execProtocol(
      bytes([
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rows: messages.find((m) => m.name === 'rowDescription') ?? null,
    };
    statements.set(text, statement);
    return statement;
  }
  return {
    client,
    run: (text, params = []) =>
      exclusive(async () => {
        const statement = statements.get(text) ?? (await prepare(text));
        const values = params.map((v, i) => paramText(client, statement.paramTypes[i], v));
        const { messages } = await client.execProtocol(
          bytes([
            serialize.bind({ statement: statement.name, values }),
            serialize.execute({}),
            serialize.sync(),
          ]),
          { syncToFs: true },
        );
        const all = statement.rows ? [statement.rows, ...messages] : messages;
        return parse.parseResults(all, client.parsers)[0]?.rows ?? [];
      }),
    query: async (text, params) => (await client.query(text, params)).rows,
    close: () => client.close(),
  };
}

/**
 * pgbench running `statement` ({ sql, params }: the shop's own, from statements.mjs) as its
 * whole transaction, `-M prepared` with `clients` connections for `seconds`, its one thread
 * pinned to the load core as autocannon is (this process is pinned there already; taskset says
 * so). The statement's values are fixed (`-D`). Answers the transactions a second (without the
 * connections' set-up, as pgbench prints it).
 */
export async function pgbenchRate({ url, statement, seconds, clients = 8, workDir }) {
  if (!Number.isInteger(seconds) || seconds < 1)
    throw new Error(`pgbench runs whole seconds, not ${seconds}`);
  const script = path.join(workDir, 'pgbench-statement.sql');
  fs.writeFileSync(script, `${statement.sql.replace(/\$(\d+)/g, ':p$1').trim()};\n`);
  const defines = statement.params.flatMap((v, i) => ['-D', `p${i + 1}=${v}`]);
  const args = [
    '-c',
    LOAD_CORE,
    'pgbench',
    '-n',
    '-M',
    'prepared',
    '-c',
    String(clients),
    '-j',
    '1',
    '-T',
    String(seconds),
    '-f',
    script,
    ...defines,
    url,
  ];
  const child = spawn('taskset', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const code = await new Promise((resolve) => child.on('exit', resolve));
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out);
  const failed = /number of failed transactions: (\d+)/.exec(out);
  if (code !== 0 || !tps || (failed && Number(failed[1]) > 0))
    throw new Error(`pgbench exited ${code}: ${out.slice(-800)}`);
  return Number(tps[1]);
}

/**
 * A pool of `connections` bare `pg` clients sending `statement` ({ sql, params }) under `name`
 * (prepared once per connection, as the server's named statements are), or unnamed without one
 * (as the server's Drizzle queries are).
 */
export function barePool(url, connections) {
  const pool = new pg.Pool({ connectionString: url, max: connections });
  return {
    pool,
    run: (statement, name) =>
      pool.query(
        name
          ? { name, text: statement.sql, values: statement.params }
          : { text: statement.sql, values: statement.params },
      ),
    close: () => pool.end(),
  };
}

/**
 * The start-up figure's reference: a bare Node process (the server's flags, pinned to the
 * server's core) that opens the data folder's embedded database as the server does, runs one
 * query and closes it (bench/bare-open.mjs). Answers the time from spawning it to the query's
 * answer, in ms, once the process has exited.
 */
export async function bareOpenMs(dataDir, sharedBuffers) {
  const started = performance.now();
  const child = spawn(
    'taskset',
    [
      '-c',
      SERVER_CORE,
      process.execPath,
      ...SERVER_NODE_FLAGS,
      path.join(repoRoot, 'bench/bare-open.mjs'),
      path.join(dataDir, 'pglite'),
      sharedBuffers,
    ],
    { cwd: repoRoot, env: { ...process.env, ...SERVER_ENV }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  let readyMs = null;
  for await (const line of readline.createInterface({ input: child.stdout })) {
    if (line.startsWith('ready') && readyMs === null) readyMs = performance.now() - started;
  }
  const code = await exited;
  if (code !== 0 || readyMs === null)
    throw new Error(`bare-open exited ${code} without answering: ${err.slice(-800)}`);
  return readyMs;
}

/**
 * The fixed CPU loop (cpuLoopTimes) timed `runs` times in a process pinned to `core`
 * (bench/cpu-loop.mjs): the machine's jitter where the servers run, which the bench's own
 * process, pinned to the load core, cannot see. Answers { median, p99 } in ms.
 */
export async function cpuLoopOnCore(core, runs) {
  const child = spawn(
    'taskset',
    ['-c', core, process.execPath, path.join(repoRoot, 'bench/cpu-loop.mjs'), String(runs)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  const code = await new Promise((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`bench/cpu-loop.mjs exited ${code}`);
  return JSON.parse(out);
}

/**
 * The embedded database's shared_buffers as the server sets them (PGLITE_SHARED_BUFFERS in
 * server/src/db/client.ts), read from its source so that the references open PGlite alike.
 */
export function serverSharedBuffers() {
  const source = fs.readFileSync(path.join(repoRoot, 'server/src/db/client.ts'), 'utf8');
  const found = /PGLITE_SHARED_BUFFERS = '([^']+)'/.exec(source);
  if (!found) throw new Error('PGLITE_SHARED_BUFFERS not found in server/src/db/client.ts');
  return found[1];
}
