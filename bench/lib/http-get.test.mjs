import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeConnections, timedGet } from './http-get.mjs';

describe('timedGet', () => {
  /** Answers after DELAY_MS with the request's path and headers; counts its connections. */
  const DELAY_MS = 3;
  let server;
  let url;
  let connections = 0;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      setTimeout(() => {
        res.statusCode = req.url === '/missing' ? 404 : 200;
        res.end(JSON.stringify({ path: req.url, headers: req.headers }));
      }, DELAY_MS);
    });
    server.on('connection', () => connections++);
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${server.address().port}`;
  });
  afterAll(async () => {
    closeConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers the status, the whole text and the time to its last byte, on one kept connection', async () => {
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push(await timedGet(`${url}/page?n=${i}`, { authorization: 'Bearer t' }));
    expect(answers.map((a) => JSON.parse(a.text).path)).toEqual([
      '/page?n=0',
      '/page?n=1',
      '/page?n=2',
    ]);
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.ms).toBeGreaterThanOrEqual(DELAY_MS - 0.5);
      const { headers } = JSON.parse(a.text);
      expect(headers.authorization).toBe('Bearer t');
      expect(headers['accept-encoding']).toBe('identity');
    }
    expect(connections).toBe(1);
    const missing = await timedGet(`${url}/missing`);
    expect(missing.status).toBe(404);
    expect(connections).toBe(1);
  });

  it('rejects when nothing listens', async () => {
    const closed = http.createServer();
    await new Promise((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = closed.address().port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(timedGet(`http://127.0.0.1:${port}/`)).rejects.toThrow(/ECONNREFUSED/);
  });
});
