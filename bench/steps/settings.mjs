// The bench's settings, shared by its steps: rounds, seconds, connections and ports, from the
// environment (BENCH_SHORT, BENCH_DATABASE_URL, BENCH_PORT_BASE); bench/run.mjs says what they do.
import os from 'node:os';

export const SHORT = process.env.BENCH_SHORT === '1';
/**
 * Chromium under Lighthouse may use every core, as in `npm run bench:lighthouse`. From the
 * machine's CPU count: this process runs pinned to one core, and `os.availableParallelism()`
 * answers for its own affinity (1), which made this "0-0" and put Chromium on the servers' core.
 */
export const ALL_CORES = `0-${os.cpus().length - 1}`;
export const ROUNDS = 5;
export const ROUND_SECONDS = SHORT ? 1.5 : 3;
export const CONNECTIONS = 8;
export const SOAK_SECONDS = SHORT ? 60 : 600;
export const LIGHTHOUSE_RUNS = SHORT ? 1 : 5;
/** Purchases: interleaved rounds of whole seconds a side (pgbench runs whole seconds). */
export const PURCHASE_ROUNDS = SHORT ? 3 : 5;
export const PURCHASE_ROUND_SECONDS = SHORT ? 2 : 4;
/** p99 latencies under load: interleaved rounds of ROUND_SECONDS a side, at 4 connections. */
export const LATENCY_ROUNDS = SHORT ? 3 : 5;
export const BUYERS = 16;
export const IDLE_SETTLE_MS = 5000;
export const PG_ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 4300);
export const PORT = { a: PORT_BASE, b: PORT_BASE + 1, raw: PORT_BASE + 2, pg: PORT_BASE + 3 };
/**
 * How often the memory samplers under load read the server's RSS: a password hash's scrypt
 * buffer (32 MiB) lives some 60 ms here, and a 250 ms sampler caught it by luck (decision 040).
 */
export const LOAD_SAMPLE_MS = 20;

/** A figure a step owes: reported as not measured if the step fails before it. */
export const owe = (name, goal, opts = {}) => ({ name, goal, ...opts });
export const ms = (t) => `median ${t.median.toFixed(1)} ms, p99 ${t.p99.toFixed(1)} ms`;
/** The machine's jitter at the moment, on both cores, to read a figure by (`sampleJitter`). */
export const jitterNote = (cpu) =>
  `; a fixed CPU loop just before: ${ms(cpu.server)} on the servers' core, ${ms(cpu.load)} on the load core`;
