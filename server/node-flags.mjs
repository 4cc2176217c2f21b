// The Node.js flags the shop's server runs with (docs/decisions/037). Node reads them only from
// its command line (or NODE_OPTIONS), so every launcher passes them from here: the root
// `serve` script, bench/lib/server.mjs, scripts/cluster.mjs and the end-to-end web server; the
// server warns at start-up when they are missing.
// --max-semi-space-size=2: V8's young generation grows to 2 MB semi-spaces instead of 16, which
// keeps ~20 MB of RSS that an idle or lightly loaded shop does not need.
// --heap-growing-percent=100: after each full collection the heap may grow to twice what is live
// before the next one, instead of V8's adaptive factor (up to 4x on a fast collector): under a
// purchase rush the old generation filled with garbage for 60-70 MB before V8 collected it
// (docs/decisions/037). It was 25 until decision 068: with one malloc arena (SERVER_ENV below)
// the peak over idle fell from 111 MB to 44, and 100 spends part of that on fewer full
// collections, whose marking steps of 15-25 ms on the server's one core were the p99 of the
// uncached pages and of Manage Products (the PostgreSQL path's p99 5.5x its bare statements
// with 25, 2.4x with 100; the peak over idle 83 MB on PGlite, 76 MB on PostgreSQL).
// --liftoff-only --wasm-lazy-compilation (docs/decisions/039): the embedded database is a
// WebAssembly build of PostgreSQL; V8 compiled all of its functions with its baseline compiler
// at open and then re-compiled the hot ones with its optimising one, which on a server held to
// one core took the core from the server itself. Compiled on first call and with the baseline
// compiler only, a reopen is ready in 1.7-1.8 s instead of 3.0-3.3 s on one core, and PGlite's
// queries measured no slower (the work of a query is mostly outside its WebAssembly).
export const SERVER_NODE_FLAGS = [
  '--max-semi-space-size=2',
  '--heap-growing-percent=100',
  '--liftoff-only',
  '--wasm-lazy-compilation',
];

/**
 * The environment the server's process starts with, beside its flags (docs/decisions/068).
 * MALLOC_ARENA_MAX: glibc's malloc gives each thread that allocates an arena of its own, up to
 * eight a core; a thread's freed memory stays in its arena. The server's threads (libuv's pool
 * reading files and hashing passwords, V8's helpers, zlib) left 19 MB more resident in an idle
 * PostgreSQL server than one arena does (135 MB against 116 MB). The V8 heap is not malloc's.
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '1' };
