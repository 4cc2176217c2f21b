import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, tempDir, type TestApp } from './helpers.ts';
import { scriptSrc } from './page-csp.ts';

const HOME = (title: string) =>
  `<!doctype html><title>Partsmith</title><div id="root"><h1>${title}</h1></div>` +
  '<script>window.__reactRouterContext = {"page":"home"}</script>' +
  '<script type="module">import "/assets/app-abc.js";</script>';
const LOGIN =
  '<!doctype html><div id="root"><h1>login</h1></div>' +
  '<script>window.__reactRouterContext = {"page":"login"}</script>' +
  '<script type="module" src="/assets/app-abc.js"></script>';
const ASSET = `console.log(${JSON.stringify('x'.repeat(4000))});`;

/**
 * A stand-in for the web build's server build (web/dist/server/index.js): React Router's request
 * handler, which counts its calls and keeps the nonce each one was given, answers /go with a
 * redirect and any page with its own HTML (its inline script carrying the nonce, as React Router's
 * scripts do), status 404 for a path it does not know.
 */
const SERVER_BUILD = `
export const entry = { module: { requestHandler(build) {
  if (!build.entry.module.requestHandler) throw new Error('not given its build');
  return async (request, context) => {
    globalThis.webTestRenders = (globalThis.webTestRenders ?? 0) + 1;
    (globalThis.webTestNonces ??= []).push(context.nonce);
    const { pathname, search } = new URL(request.url);
    if (pathname === '/go') {
      return new Response(null, { status: 302, headers: { location: '/login?redirect=%2Fgo' } });
    }
    if (pathname === '/__manifest') {
      return new Response(JSON.stringify({ routes: 'r'.repeat(3000) }), {
        headers: { 'content-type': 'application/json' },
      });
    }
    const known = ['/', '/login', '/contact', '/dashboard/my-orders'].includes(pathname);
    const html = '<!doctype html><div id="root"><h1>' + (known ? 'page ' + pathname + search : 'Not found') +
      '</h1></div><script' + (context.nonce ? ' nonce="' + context.nonce + '"' : '') +
      '>window.__reactRouterContext = {"path":"' + pathname + '"}</script>';
    return new Response(html, {
      status: known ? 200 : 404,
      headers: { 'content-type': 'text/html; charset=utf-8' },
    });
  };
} } };
`;

/** A web build as React Router's framework mode writes it: client/ and server/index.js. */
function writeBuild(dist: string) {
  const client = path.join(dist, 'client');
  fs.mkdirSync(path.join(client, 'assets'), { recursive: true });
  fs.mkdirSync(path.join(client, 'login'));
  fs.mkdirSync(path.join(dist, 'server'));
  fs.writeFileSync(path.join(client, 'assets', 'app-abc.js'), ASSET);
  fs.writeFileSync(path.join(client, 'index.html'), HOME('home'));
  // The build's own brotli copy (told apart from a fresh compression by its heading).
  fs.writeFileSync(path.join(client, 'index.html.br'), zlib.brotliCompressSync(HOME('home (br)')));
  fs.writeFileSync(path.join(client, 'login', 'index.html'), LOGIN);
  fs.writeFileSync(path.join(client, 'login.data'), 'the login route data');
  fs.writeFileSync(path.join(client, 'login.data.br'), zlib.brotliCompressSync('login data (br)'));
  fs.writeFileSync(path.join(client, 'login.data.gz'), zlib.gzipSync('login data (gz)'));
  fs.writeFileSync(path.join(client, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(dist, 'server', 'index.js'), SERVER_BUILD);
}

const renders = () => (globalThis as { webTestRenders?: number }).webTestRenders ?? 0;
/** The nonce the handler was given on its last call. */
const lastNonce = () =>
  (globalThis as { webTestNonces?: (string | undefined)[] }).webTestNonces?.at(-1);

/** The nonces a page's scripts carry. */
const scriptNonces = (html: string) =>
  [...html.matchAll(/<script[^>]*\snonce="([^"]*)"/g)].map(([, nonce]) => nonce);

/** An answer's body, as it was before its content-encoding. */
const decoded = (res: { headers: Record<string, unknown>; rawPayload: Buffer }) =>
  res.headers['content-encoding'] === 'br'
    ? zlib.brotliDecompressSync(res.rawPayload).toString()
    : res.headers['content-encoding'] === 'gzip'
      ? zlib.gunzipSync(res.rawPayload).toString()
      : res.rawPayload.toString();

/** The CSP sources of a page's inline scripts (not those loaded by src). */
const inlineHashes = (html: string) =>
  [...html.matchAll(/<script(?: type="module")?>([^<]*)<\/script>/g)].map(
    ([, text]) => `'sha256-${createHash('sha256').update(text!).digest('base64')}'`,
  );

describe('the web app (React Router framework mode, docs/decisions/058)', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = tempDir('partsmith-web-');
    writeBuild(dist);
    t = await buildTestApp('pglite', { env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves hashed assets for a year, other files for an hour', async () => {
    const asset = await t.app.inject({
      url: '/assets/app-abc.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(['br', 'gzip']).toContain(asset.headers['content-encoding']);
    const plain = await t.app.inject({ url: '/assets/app-abc.js' });
    expect(plain.body).toBe(ASSET);
    const icon = await t.app.inject({ url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    expect(icon.headers['content-type']).toContain('image/svg+xml');
  });

  it('sends the prerendered pages from memory at their bare path, without the handler, uncached by the browser', async () => {
    const before = renders();
    for (const [url, body] of [
      ['/', HOME('home')],
      ['/login', LOGIN],
      ['/login/', LOGIN],
    ] as const) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(body);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBeUndefined();
    }
    expect(renders()).toBe(before);
  });

  it('renders a prerendered page asked with a query string for the visitor, under a nonce', async () => {
    for (const [url, heading] of [
      ['/?ref=mail', 'page /?ref=mail'],
      ['/login?redirect=%2Fdashboard', 'page /login?redirect=%2Fdashboard'],
    ] as const) {
      const before = renders();
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(renders() - before, url).toBe(1);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(`<h1>${heading}</h1>`);
      expect(res.headers['cache-control'], url).toBe('private, no-cache');
      const nonce = lastNonce();
      expect(scriptNonces(res.body), url).toEqual([nonce]);
      expect(scriptSrc(res.headers['content-security-policy']), url).toEqual([
        "'self'",
        `'nonce-${nonce}'`,
      ]);
    }
  });

  it("sends the build's brotli copy when accepted, else gzip made from the page", async () => {
    const br = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(HOME('home (br)'));
    // The login page has no .br copy: compressed here.
    const made = await t.app.inject({ url: '/login', headers: { 'accept-encoding': 'br' } });
    expect(made.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(made.rawPayload).toString()).toBe(LOGIN);
    const gzip = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(HOME('home'));
  });

  it("compresses React Router's route manifests (JSON the page asks for as links render)", async () => {
    const url = '/__manifest?paths=%2Fcart&version=abc';
    for (const encoding of ['br', 'gzip']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toContain('application/json');
      expect(JSON.parse(decoded(res))).toEqual({ routes: 'r'.repeat(3000) });
    }
    const plain = await t.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body)).toEqual({ routes: 'r'.repeat(3000) });
  });

  it("allows a prerendered page's own inline scripts by their hashes, on that page only", async () => {
    const home = await t.app.inject({ url: '/' });
    const homeHashes = inlineHashes(home.body);
    expect(homeHashes).toHaveLength(2);
    expect(scriptSrc(home.headers['content-security-policy'])).toEqual(["'self'", ...homeHashes]);

    const login = await t.app.inject({ url: '/login' });
    const loginHashes = inlineHashes(login.body);
    // Its module script is loaded by src: one inline script.
    expect(loginHashes).toHaveLength(1);
    expect(scriptSrc(login.headers['content-security-policy'])).toEqual(["'self'", ...loginHashes]);

    expect(String(home.headers['content-security-policy'])).not.toContain("'nonce-");
    expect(String(login.headers['content-security-policy'])).not.toContain("'nonce-");
    expect(scriptNonces(home.body)).toEqual([]);

    // The rest of the policy is the API's, which keeps the plain one.
    const api = await t.app.inject({ url: '/api/healthz' });
    const plain = String(api.headers['content-security-policy']);
    expect(plain).not.toContain('sha256-');
    expect(scriptSrc(plain)).toEqual(["'self'"]);
    expect(String(home.headers['content-security-policy']).replace(/ 'sha256-[^']+'/g, '')).toBe(
      plain,
    );
  });

  it('renders every other page for the visitor under a fresh nonce of its answer, no hashes', async () => {
    const seen = new Set<string>();
    for (const url of ['/contact', '/contact', '/dashboard/my-orders', '/nope']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      const nonce = lastNonce();
      // 16 random bytes in base64, given to the handler, which wrote it on its script.
      expect(nonce, url).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce!, 'base64')).toHaveLength(16);
      expect(scriptNonces(res.body), url).toEqual([nonce]);
      const csp = String(res.headers['content-security-policy']);
      expect(scriptSrc(csp), url).toEqual(["'self'", `'nonce-${nonce}'`]);
      expect(csp, url).not.toContain('sha256-');
      expect(seen.has(nonce!), url).toBe(false);
      seen.add(nonce!);
    }
    // The API's answer after them keeps the plain policy.
    const api = await t.app.inject({ url: '/api/healthz' });
    expect(scriptSrc(api.headers['content-security-policy'])).toEqual(["'self'"]);
  });

  it('sends every other page through the handler: 200 for its pages, its 404 page for the rest', async () => {
    const before = renders();
    const contact = await t.app.inject({ url: '/contact' });
    expect(contact.statusCode).toBe(200);
    expect(contact.body).toContain('<h1>page /contact</h1>');
    expect(contact.headers['content-type']).toBe('text/html; charset=utf-8');
    for (const url of ['/nope', '/no/such/page', '/assets/gone-123.js']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.body, url).toContain('<h1>Not found</h1>');
      expect(scriptSrc(res.headers['content-security-policy']), url).toEqual([
        "'self'",
        `'nonce-${scriptNonces(res.body)[0]}'`,
      ]);
    }
    expect(renders() - before).toBe(4);
  });

  it("does not send the build's .html and .data files, nor their .br and .gz copies, as files", async () => {
    for (const [url, encoding] of [
      ['/index.html', 'identity'],
      ['/index.html', 'br'],
      ['/index.html.br', 'identity'],
      ['/index.html.br', 'br, gzip'],
      ['/login/index.html', 'gzip'],
      ['/login.data', 'identity'],
      ['/login.data', 'br'],
      ['/login.data', 'gzip'],
      ['/login.data.br', 'identity'],
      ['/login.data.br', 'br'],
      ['/login.data.gz', 'identity'],
    ] as const) {
      const what = `${url} (${encoding})`;
      const before = renders();
      const res = await t.app.inject({ url, headers: { 'accept-encoding': encoding } });
      // The handler's 404 page, never the file.
      expect(res.statusCode, what).toBe(404);
      expect(res.headers['content-type'], what).toBe('text/html; charset=utf-8');
      expect(renders() - before, what).toBe(1);
      const body = decoded(res);
      expect(body, what).toContain('<h1>Not found</h1>');
      expect(body, what).not.toMatch(/login route data|login data \((br|gz)\)|home \(br\)/);
    }
  });

  it("passes the handler's redirect on", async () => {
    const res = await t.app.inject({ url: '/go' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?redirect=%2Fgo');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers HEAD for pages and files as GET does, without a body', async () => {
    for (const [url, status] of [
      ['/', 200],
      ['/contact', 200],
      ['/nope', 404],
      ['/assets/app-abc.js', 200],
    ] as const) {
      const res = await t.app.inject({ method: 'HEAD', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.body, url).toBe('');
    }
    const home = await t.app.inject({ method: 'HEAD', url: '/' });
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(home.headers['cache-control']).toBe('no-cache');
  });

  it('answers unknown API paths and writes to pages with a JSON 404, never a page', async () => {
    const before = renders();
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['GET', '/api'],
      ['HEAD', '/api/nope'],
      ['POST', '/contact'],
      ['POST', '/'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { accept: 'text/html' } });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type'], `${method} ${url}`).toContain('application/json');
      if (method !== 'HEAD') {
        expect(res.json()).toEqual({
          statusCode: 404,
          error: 'Not Found',
          message: `No route ${method} ${url}`,
        });
      }
    }
    expect(renders()).toBe(before);
  });
});

describe('a web build that is not there', () => {
  let t: TestApp;
  beforeAll(async () => {
    // buildTestApp's WEB_DIST: a folder that does not exist.
    t = await buildTestApp('pglite');
  });
  afterAll(() => t.close());

  it('answers pages with the JSON 404, the API as ever', async () => {
    const page = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(404);
    expect(page.json().message).toBe('No route GET /');
    expect((await t.app.inject('/api/healthz')).statusCode).toBe(200);
  });
});
