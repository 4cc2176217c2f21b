import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { DB_KINDS, buildTestApp, openTestDatabase, tempDir, type TestApp } from './helpers.ts';

describe.each(DB_KINDS)('the app shell on %s', (kind) => {
  let t: TestApp;
  let web: string;
  beforeAll(async () => {
    // A small stand-in for the web build: prerendered pages, one hashed asset, and the server
    // build's request handler for the other pages (404 for a path it does not know), whose
    // inline script carries the nonce it is given.
    web = tempDir('partsmith-web-');
    const client = path.join(web, 'client');
    fs.mkdirSync(path.join(client, 'assets'), { recursive: true });
    for (const page of ['', 'myPortfolio', 'blogs', 'contact']) {
      fs.mkdirSync(path.join(client, page), { recursive: true });
      fs.writeFileSync(
        path.join(client, page, 'index.html'),
        `<!doctype html><title>Partsmith</title><div id="root"><h1>/${page}</h1></div>`,
      );
    }
    fs.writeFileSync(
      path.join(client, 'assets', 'app-abc123.js'),
      `console.log(${JSON.stringify('x'.repeat(4000))});`,
    );
    fs.mkdirSync(path.join(web, 'server'));
    fs.writeFileSync(
      path.join(web, 'server', 'index.js'),
      `export const entry = { module: { requestHandler: () => async (request, context) => {
        const { pathname } = new URL(request.url);
        const status = pathname === '/no/such/page' ? 404 : 200;
        const script = '<script' + (context.nonce ? ' nonce="' + context.nonce + '"' : '') +
          '>window.__reactRouterContext = {}</script>';
        return new Response('<!doctype html><div id="root"><h1>rendered ' + pathname + '</h1></div>' + script, {
          status,
          headers: { 'content-type': 'text/html; charset=utf-8' },
        });
      } } };`,
    );
    t = await buildTestApp(kind, { env: { WEB_DIST: web } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(web, { recursive: true, force: true });
  });

  it('answers health and readiness', async () => {
    expect((await t.app.inject('/api/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/api/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: true });
  });

  it('refuses text with a NUL character as a 400, never a database 500', async () => {
    const search = await t.app.inject('/api/allParts?q=a%00b');
    expect(search.statusCode).toBe(400);
    expect(search.json().message).toBe('Text cannot contain NUL characters.');
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload: { email: 'a\u0000b@example.com' },
    });
    expect(contact.statusCode).toBe(400);
    expect((await t.app.inject('/api/allParts?q=drill')).statusCode).toBe(200);
  });

  it('answers unknown API paths with a JSON 404 in the one error shape', async () => {
    const res = await t.app.inject('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'No route GET /api/no-such-thing',
    });
  });

  it('serves the app for its routes (200) and for unknown pages (404, the app shows its 404 page)', async () => {
    for (const [url, from] of [
      ['/', 'the build'],
      ['/myPortfolio', 'the build'],
      ['/blogs', 'the build'],
      ['/contact', 'the build'],
      ['/purchase/abc', 'the handler'],
      ['/dashboard/my-orders', 'the handler'],
    ] as const) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      const csp = String(res.headers['content-security-policy']);
      // Prerendered pages are the same for everybody; the others are rendered for the visitor,
      // their inline script allowed by the nonce of this answer alone.
      if (from === 'the build') {
        expect(res.body, url).toContain(`<h1>${url}</h1>`);
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expect(csp, url).toContain("script-src 'self';");
      } else {
        expect(res.body, url).toContain(`<h1>rendered ${url}</h1>`);
        expect(res.headers['cache-control'], url).toBe('private, no-cache');
        const nonce = /<script nonce="([^"]+)">/.exec(res.body)?.[1];
        expect(nonce, url).toBeDefined();
        expect(csp, url).toContain(`script-src 'self' 'nonce-${nonce}';`);
        expect(csp, url).not.toContain('sha256-');
      }
    }
    const plain = await t.app.inject({ url: '/', headers: { accept: '*/*' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toContain('text/html');
    const missing = await t.app.inject({ url: '/no/such/page', headers: { accept: 'text/html' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<h1>rendered /no/such/page</h1>');
  });

  it('serves hashed assets for a year, compressed when asked', async () => {
    const res = await t.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(['br', 'gzip']).toContain(res.headers['content-encoding']);
  });

  it('sends security headers and a request id on every answer', async () => {
    const res = await t.app.inject({
      url: '/api/healthz',
      headers: { 'x-request-id': 'req-12345678' },
    });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-request-id']).toBe('req-12345678');
    const odd = await t.app.inject({
      url: '/api/healthz',
      headers: { 'x-request-id': 'bad id <script>' },
    });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a write that a browser marks as cross-site, before anything runs', async () => {
    const payload = { email: 'x@example.com' };
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload,
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    const ours = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload,
      headers: { origin: t.config.publicUrl, 'sec-fetch-site': 'same-origin' },
    });
    expect(ours.statusCode).toBe(200);
    // The default PUBLIC_URL names localhost; the same shop opened at 127.0.0.1 (the address
    // Fastify prints) writes as its own pages do.
    const loopback = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload: { email: 'y@example.com' },
      headers: { origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'same-site' },
    });
    expect(loopback.statusCode).toBe(200);
    const otherPort = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload,
      headers: { origin: 'http://127.0.0.1:3001', 'sec-fetch-site': 'same-site' },
    });
    expect(otherPort.statusCode).toBe(403);
  });

  it('serves a sitemap built from PUBLIC_URL', async () => {
    const res = await t.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toContain('<loc>http://localhost:3000/myPortfolio</loc>');
  });

  it('documents the API with OpenAPI at /api/docs', async () => {
    const spec = await t.app.inject('/api/docs/json');
    expect(spec.statusCode).toBe(200);
    const paths = Object.keys(spec.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/allParts',
        '/api/part/{id}',
        '/api/reviews',
        '/api/contact',
        '/api/newsletter',
      ]),
    );
    expect((await t.app.inject('/api/docs')).statusCode).toBeLessThan(400);
  });

  it('declares an access rule on every API route', () => {
    const undeclared = t.app.apiRoutes.filter((r) => !r.config?.access);
    expect(t.app.apiRoutes.length).toBeGreaterThan(8);
    expect(undeclared).toEqual([]);
  });
});

describe('guard rails of buildApp', () => {
  it('refuses to start when an API route declares no access rule', async () => {
    const dataDir = tempDir();
    const database = await openTestDatabase('pglite');
    const app = await buildApp(
      loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: dataDir }),
      { database },
    );
    app.get('/api/forgotten', async () => 'hello');
    await expect(app.ready()).rejects.toThrow(
      'These API routes declare no access rule: GET /api/forgotten',
    );
    await app.close();
    await database.close();
  });

  it('hides the details of a failure: no stack, no SQL, a generic message and a 500', async () => {
    const dataDir = tempDir();
    const database = await openTestDatabase('pglite');
    const app = await buildApp(
      loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: dataDir }),
      { database },
    );
    app.get('/api/boom', { config: { access: 'public' } }, async () => {
      throw new Error('relation "secret_table" does not exist: SELECT * FROM secret_table');
    });
    const res = await app.inject('/api/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Something went wrong on our side. Please try again.',
    });
    expect(res.body).not.toMatch(/secret_table|SELECT|at .*\.ts/);
    await app.close();
    await database.close();
  });

  it('rejects a body that is not JSON with 400, and one over 1 MB with 413', async () => {
    const dataDir = tempDir();
    const database = await openTestDatabase('pglite');
    const app = await buildApp(
      loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: dataDir }),
      { database },
    );
    const bad = await app.inject({
      method: 'POST',
      url: '/api/newsletter',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    const big = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ message: 'x'.repeat(1_100_000) }),
    });
    expect(big.statusCode).toBe(413);
    await app.close();
    await database.close();
  });
});
