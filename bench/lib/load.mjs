// Load generation with autocannon (in this process, which run.mjs pins to the load core).
import http from 'node:http';
import autocannon from 'autocannon';
import { median, percentile } from './stats.mjs';

/**
 * One autocannon run. `paths` is a function giving the path of each request (or a fixed path);
 * `headers` a function giving extra headers of each request. Answers other than 2xx count as
 * errors: a figure measured on error pages would be a lie.
 *
 * Autocannon's latency histogram keeps whole milliseconds, so any p99 under 1 ms reads 0. With
 * `exactLatency`, p99 and p50 come from every 2xx answer's own time instead (autocannon's
 * `response` event, fractional ms); only the latency figures ask for it, since the listener is
 * work on the load core that the throughput figures should not carry.
 */
export async function load({
  url,
  path = '/',
  method = 'GET',
  body,
  headers,
  connections = 8,
  seconds = 3,
  exactLatency = false,
}) {
  const pathOf = typeof path === 'function' ? path : () => path;
  const run = autocannon({
    url,
    connections,
    duration: seconds,
    pipelining: 1,
    requests: [
      {
        method,
        body,
        setupRequest(request) {
          return {
            ...request,
            path: pathOf(),
            headers: {
              ...request.headers,
              ...(body ? { 'content-type': 'application/json' } : {}),
              ...(headers ? headers() : {}),
            },
          };
        },
      },
    ],
  });
  const times = [];
  if (exactLatency)
    run.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) times.push(ms);
    });
  const result = await run;
  const ok = result['2xx'];
  const bad = result.non2xx + result.errors + result.timeouts;
  if (ok === 0 || bad > ok * 0.01)
    throw new Error(
      `${method} ${url} answered ${ok} 2xx and ${result.non2xx} other, ${result.errors} errors, ${result.timeouts} time-outs`,
    );
  return {
    rps: ok / result.duration,
    p99: exactLatency ? percentile(times, 99) : result.latency.p99,
    p50: exactLatency ? percentile(times, 50) : result.latency.p50,
    ok,
    bad,
  };
}

/**
 * Interleaved rounds: in each round run every variant once (in the given order), then take the
 * median of the per-round ratios of each variant against the first (the ceiling). Noise from the
 * shared machine hits both sides of one round alike.
 */
export async function interleaved({ rounds, variants, log = () => {} }) {
  const perRound = variants.map(() => []);
  const ratios = variants.map(() => []);
  // Warm-up (JIT, connection pools, caches) counts in no round.
  for (const variant of variants) await load({ ...variant, seconds: 1 });
  for (let round = 0; round < rounds; round++) {
    const results = [];
    for (const variant of variants) results.push(await load(variant));
    results.forEach((r, i) => {
      perRound[i].push(r);
      ratios[i].push(r.rps / results[0].rps);
    });
    log(
      `    round ${round + 1}/${rounds}: ` +
        results.map((r, i) => `${variants[i].label} ${r.rps.toFixed(0)}/s`).join(', '),
    );
  }
  return variants.map((v, i) => ({
    label: v.label,
    ratio: median(ratios[i]),
    rps: median(perRound[i].map((r) => r.rps)),
    p99: median(perRound[i].map((r) => r.p99)),
  }));
}

/**
 * Captures one answer of the shop byte for byte (asked as autocannon asks: no Accept-Encoding),
 * for the raw ceiling to replay.
 */
export function capture(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const headers = {};
          for (const [key, value] of Object.entries(res.headers)) {
            if (!HOP_BY_HOP.includes(key)) headers[key] = value;
          }
          resolve({
            status: res.statusCode,
            headers,
            bodyBase64: body.toString('base64'),
            bytes: body.length,
          });
        });
      })
      .on('error', reject);
  });
}

const HOP_BY_HOP = ['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'];
