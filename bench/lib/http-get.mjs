// The timed GETs of the p99 figures (a page through the API against its statements on a bare
// client): one keep-alive connection of Node's own http client per origin, so that what a
// request's time holds beyond the shop's answer is a socket write and read, as on the bare side.
// Node's fetch (undici's WHATWG fetch, its Request, Headers and body stream) took 0.17 ms more
// at the median and 0.5 to 0.7 ms more at the p99 than this client, against the same raw server
// in the same process (2026-11-30): the harness's time, not the shop's.
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * GET `url` with `headers` on the keep-alive connection: `{ status, text, ms }`, `ms` from the
 * request's start to the answer's last byte. No compression is asked for (`Accept-Encoding:
 * identity`): the figures are of the shop's work, not of compressing its answer.
 */
export function timedGet(url, headers = {}) {
  return timedRequest(url, { method: 'GET', headers });
}

/**
 * POST `body` as JSON to `url` with `headers` on the same keep-alive connection: `{ status,
 * headers, text, ms }` as timedGet's.
 */
export function timedPost(url, body, headers = {}) {
  const payload = JSON.stringify(body);
  return timedRequest(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(payload),
      ...headers,
    },
    payload,
  });
}

/** One request on the kept connection, timed from its start to the answer's last byte. */
function timedRequest(url, { method, headers, payload }) {
  const begun = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method, agent, headers: { 'accept-encoding': 'identity', ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            headers: res.headers,
            text,
            ms: performance.now() - begun,
          }),
        );
        res.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** Closes the kept connections (at the end of a step, so that its server can stop at once). */
export const closeConnections = () => agent.destroy();
