// The Node.js flags the shop's server runs with (docs/decisions/017). Node reads them only from
// its command line (or NODE_OPTIONS), so every launcher passes them from here: the root
// `serve` script, bench/lib/server.mjs, scripts/cluster.mjs and the end-to-end web server; the
// server warns at start-up when they are missing.
// --max-semi-space-size=2: V8's young generation grows to 2 MB semi-spaces instead of 16, which
// keeps ~20 MB of RSS that an idle or lightly loaded shop does not need.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=2'];
