import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, tempDir, type TestApp } from './helpers.ts';
import { COOKIE_PREFIX } from '../src/auth/auth.ts';
import { signUp } from './auth-helpers.ts';
import { insertPart } from '../src/db/seed/factories.ts';
import { scriptSrc } from './page-csp.ts';

/**
 * A stand-in for the web build's server build (web/dist/server/index.js, whose loaders ask the API
 * through `context.send` as web/src/app/answers.server.ts does). Each page says whether the
 * handler got a cookie and whom the API's session answer named, and its scripts carry the nonce
 * the handler was given (as React Router's do); a part's data request (`/parts/<id>.data`) gets
 * React Router's kind of answer (text/x-script). Every call is counted by its path and query in
 * `globalThis.pageRenders`.
 */
const SERVER_BUILD = `
export const entry = { module: { requestHandler(build) { return async (request, context) => {
  const url = new URL(request.url);
  const path = url.pathname;
  (globalThis.pageRenders ??= []).push(path + url.search);
  const nonce = context.nonce ? ' nonce="' + context.nonce + '"' : '';
  const page = (status, path, body) => new Response(
    '<!doctype html><div id="root">' + body + '</div><script' + nonce + '>window.__reactRouterContext = ' +
      JSON.stringify({ path, status }) + '</script><script type="module"' + nonce +
      ' src="/assets/app-abc.js"></script>',
    { status, headers: { 'content-type': 'text/html; charset=utf-8' } },
  );
  const ask = (to) => context.send(to, { method: 'GET', headers: {} });
  const whom = async () => {
    const answer = await ask('/api/auth/get-session');
    const session = answer.status === 200 ? await answer.json() : null;
    return session ? session.user.email : 'nobody';
  };
  const seen = async () =>
    '<p>cookie: ' + (request.headers.get('cookie') ? 'yes' : 'none') + ', session: ' + (await whom()) +
    ', url: ' + request.url + ', agent: ' + request.headers.get('user-agent') + '</p>';
  if (path.startsWith('/parts/') && path.endsWith('.data')) {
    const answer = await ask('/api/part/' + path.slice('/parts/'.length, -'.data'.length));
    const data = { part: answer.status === 200 ? (await answer.json()).name : null, whom: await whom() };
    return new Response(JSON.stringify([data]), {
      status: 200,
      headers: { 'content-type': 'text/x-script' },
    });
  }
  if (path.startsWith('/parts/')) {
    const answer = await ask('/api/part/' + path.slice('/parts/'.length));
    if (answer.status === 404 || answer.status === 400) return page(404, path, '<h1>No such part</h1>');
    return page(200, path, '<h1>' + (await answer.json()).name + '</h1>' + (await seen()));
  }
  if (path === '/parts') {
    const answer = await ask('/api/allParts' + url.search);
    return page(200, path, '<h1>search: ' + answer.status + '</h1>' + (await seen()));
  }
  if (path === '/dashboard/my-orders') {
    const email = await whom();
    if (email === 'nobody') return page(200, path, '<h1>Sign in first</h1>' + (await seen()));
    const orders = await ask('/api/orders?userEmail=' + encodeURIComponent(email));
    return page(200, path, '<h1>Orders of ' + email + ': ' + orders.status + '</h1>' + (await seen()));
  }
  if (path === '/purchase/write') {
    try {
      await context.send('/api/newsletter', { method: 'POST', headers: {}, body: '{}' });
      return page(200, path, 'written');
    } catch (error) {
      return page(200, path, 'refused: ' + error.message);
    }
  }
  if (path === '/purchase/fail') throw new Error('render failed in the handler');
  if (path === '/cart') return page(200, path, '<h1>Cart</h1>' + (await seen()));
  return page(404, path, '<h1>Not found</h1>');
}; } } };
`;

const calls = (prefix: string) =>
  ((globalThis as { pageRenders?: string[] }).pageRenders ?? []).filter((c) => c === prefix).length;

/** The nonces a page's scripts carry. */
const scriptNonces = (html: string) =>
  [...html.matchAll(/<script[^>]*\snonce="([^"]*)"/g)].map(([, nonce]) => nonce!);

/**
 * The one nonce a page rendered for its visitor carries on all its scripts (16 random bytes in
 * base64), after checking that its policy allows that nonce and no hash.
 */
function nonceOf(html: string, csp: unknown): string {
  const nonces = new Set(scriptNonces(html));
  expect(nonces.size).toBe(1);
  const [nonce] = nonces;
  expect(Buffer.from(nonce!, 'base64')).toHaveLength(16);
  expect(scriptSrc(csp)).toEqual(["'self'", `'nonce-${nonce}'`]);
  expect(String(csp)).not.toContain('sha256-');
  return nonce!;
}

/** Checks that a page the same for everybody has no nonce, its inline scripts allowed by hashes. */
function byHashes(html: string, csp: unknown) {
  expect(scriptNonces(html)).toEqual([]);
  expect(String(csp)).not.toContain("'nonce-");
  const hashes = inlineHashes(html);
  expect(hashes).toHaveLength(1);
  expect(scriptSrc(csp)).toEqual(["'self'", ...hashes]);
}

/** The CSP sources of a page's inline scripts. */
const inlineHashes = (html: string) =>
  [...html.matchAll(/<script>([^<]*)<\/script>/g)].map(
    ([, text]) => `'sha256-${createHash('sha256').update(text!).digest('base64')}'`,
  );

describe('the pages rendered by the server with their answers (docs/decisions/058)', () => {
  let t: TestApp;
  let dist: string;
  let buyer: { cookie: string };
  beforeAll(async () => {
    dist = tempDir('partsmith-page-render-');
    fs.mkdirSync(path.join(dist, 'client', 'assets'), { recursive: true });
    fs.mkdirSync(path.join(dist, 'server'));
    fs.writeFileSync(path.join(dist, 'client', 'assets', 'app-abc.js'), 'console.log(1);');
    fs.writeFileSync(path.join(dist, 'server', 'index.js'), SERVER_BUILD);
    t = await buildTestApp('pglite', { env: { WEB_DIST: dist } });
    buyer = await signUp(t, { email: 'ann+render@example.com', name: 'Ann Buyer' });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("sends the buyer's page rendered with their own answers, private, compressed", async () => {
    const res = await t.app.inject({
      url: '/dashboard/my-orders?tab=open',
      headers: {
        cookie: buyer.cookie,
        'accept-encoding': 'gzip, deflate, br',
        'user-agent': 'page-render-test',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const html = zlib.brotliDecompressSync(res.rawPayload).toString();
    // The session and the orders were asked for in-process with the buyer's cookie: 200.
    expect(html).toContain('<h1>Orders of ann+render@example.com: 200</h1>');
    expect(html).toContain('cookie: yes, session: ann+render@example.com');
    // The handler got the page's whole address at the shop's URL, and the browser's agent.
    expect(html).toContain(`url: ${t.config.publicUrl}/dashboard/my-orders?tab=open,`);
    expect(html).toContain('agent: page-render-test');
    // Its scripts run under this answer's nonce, not by their hashes.
    const nonce = nonceOf(html, res.headers['content-security-policy']);

    const plain = await t.app.inject({
      url: '/dashboard/my-orders',
      headers: { cookie: buyer.cookie, 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<h1>Orders of ann+render@example.com: 200</h1>');
    // Each answer has its own nonce.
    expect(nonceOf(plain.body, plain.headers['content-security-policy'])).not.toBe(nonce);
  });

  it('asks the API as nobody when the visitor has no session, or one that ended', async () => {
    const page = async (cookie?: string) => {
      const res = await t.app.inject({
        url: '/dashboard/my-orders',
        headers: cookie ? { cookie } : {},
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.body).toContain('<h1>Sign in first</h1>');
      return res.body;
    };
    expect(await page()).toContain('cookie: none, session: nobody');
    const forged = `${COOKIE_PREFIX}.session_token=forged.value`;
    expect(await page(forged)).toContain('cookie: yes, session: nobody');
    const signedOut = await signUp(t, { email: 'gone@example.com' });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: signedOut.cookie, origin: t.config.publicUrl },
    });
    expect(await page(signedOut.cookie)).toContain('cookie: yes, session: nobody');
  });

  it("renders a visitor's page (the cart) with their cookie too, private", async () => {
    const res = await t.app.inject({ url: '/cart', headers: { cookie: buyer.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.body).toContain('cookie: yes, session: ann+render@example.com');
    nonceOf(res.body, res.headers['content-security-policy']);
  });

  it("lets a page's loaders only read: a write is refused before it reaches the API", async () => {
    const res = await t.app.inject({ url: '/purchase/write', headers: { cookie: buyer.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('refused: a page loader sent POST');
  });

  it('answers a handler that fails with a 500 that tells nothing of it', async () => {
    const res = await t.app.inject({ url: '/purchase/fail', headers: { cookie: buyer.cookie } });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe('Something went wrong on our side. Please try again.');
    expect(res.body).not.toContain('render failed');
    expect(res.body).not.toMatch(/at .*\.js/);
  });

  it("sends a part's page to everybody alike, without their cookie, kept until the catalogue changes", async () => {
    const part = await insertPart(t.database.db, { name: 'Forge DDR5 Kit' });
    const url = `/parts/${part.id}`;
    const first = await t.app.inject({ url, headers: { cookie: buyer.cookie } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.body).toContain('<h1>Forge DDR5 Kit</h1>');
    // Asked as nobody, though the buyer was signed in: the same HTML for every visitor.
    expect(first.body).toContain('cookie: none, session: nobody');
    expect(first.body).not.toContain('ann+render');
    // Its inline script is allowed by its hash: no nonce, which would be the same for everybody.
    byHashes(first.body, first.headers['content-security-policy']);
    expect(calls(url)).toBe(1);

    // Another visitor gets the very same page, with its policy, from the cache: no second render.
    const second = await t.app.inject({ url });
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-security-policy']).toBe(
      first.headers['content-security-policy'],
    );
    expect(second.headers['cache-control']).toBe('no-cache');
    expect(second.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(calls(url)).toBe(1);
    // The same page asked with a trailing query: the kept HTML still.
    const tagged = await t.app.inject({ url: `${url}?ref=mail` });
    expect(tagged.body).toBe(first.body);
    expect(calls(`${url}?ref=mail`)).toBe(0);
    // An API answer after it keeps the plain policy.
    const api = await t.app.inject(`/api/part/${part.id}`);
    expect(scriptSrc(api.headers['content-security-policy'])).toEqual(["'self'"]);

    // A change to the catalogue empties the cache: the next answer is rendered anew.
    t.app.catalogueCache.invalidate();
    await t.app.inject({ url });
    expect(calls(url)).toBe(2);
  });

  it("sends a missing part's 404 page, never kept", async () => {
    for (const missing of ['/parts/00000000-0000-4000-8000-000000000000', '/parts/not-an-id']) {
      for (let i = 1; i <= 2; i++) {
        const res = await t.app.inject({ url: missing, headers: { cookie: buyer.cookie } });
        expect(res.statusCode, missing).toBe(404);
        expect(res.body, missing).toContain('<h1>No such part</h1>');
        expect(res.headers['cache-control'], missing).toBe('no-cache');
        byHashes(res.body, res.headers['content-security-policy']);
        expect(calls(missing), missing).toBe(i);
      }
    }
  });

  it('keeps the bare search page for everybody; with a query, renders it for the visitor', async () => {
    const first = await t.app.inject({ url: '/parts', headers: { cookie: buyer.cookie } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.body).toContain('<h1>search: 200</h1>');
    expect(first.body).toContain('cookie: none, session: nobody');
    byHashes(first.body, first.headers['content-security-policy']);
    expect((await t.app.inject({ url: '/parts' })).body).toBe(first.body);
    expect(calls('/parts')).toBe(1);

    const query = '/parts?q=forge&category=memory';
    for (let i = 1; i <= 2; i++) {
      const filtered = await t.app.inject({ url: query, headers: { cookie: buyer.cookie } });
      expect(filtered.statusCode).toBe(200);
      expect(filtered.headers['cache-control']).toBe('private, no-cache');
      expect(filtered.body).toContain('cookie: yes, session: ann+render@example.com');
      nonceOf(filtered.body, filtered.headers['content-security-policy']);
      expect(calls(query)).toBe(i);
    }
    expect(calls('/parts')).toBe(1);
  });

  it("never keeps a part's data request (.data): rendered for the visitor each time, its type kept", async () => {
    const part = await insertPart(t.database.db, { name: 'Forge PSU 850' });
    const url = `/parts/${part.id}.data`;
    for (let i = 1; i <= 2; i++) {
      const res = await t.app.inject({ url, headers: { cookie: buyer.cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/x-script');
      expect(res.headers['cache-control']).toBe('private, no-cache');
      // With the visitor's cookie, as React Router's data for the page they are on.
      expect(JSON.parse(res.body)).toEqual([
        { part: 'Forge PSU 850', whom: 'ann+render@example.com' },
      ]);
      expect(scriptSrc(res.headers['content-security-policy'])).toEqual(["'self'"]);
      expect(calls(url)).toBe(i);
    }
    // The part's page itself is still the HTML for everybody, kept.
    const pageUrl = `/parts/${part.id}`;
    for (let i = 1; i <= 2; i++) {
      const res = await t.app.inject({ url: pageUrl });
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<h1>Forge PSU 850</h1>');
    }
    expect(calls(pageUrl)).toBe(1);
    expect(calls(url)).toBe(2);
  });

  it('answers HEAD for a rendered page without a body', async () => {
    const res = await t.app.inject({
      method: 'HEAD',
      url: '/dashboard/my-orders',
      headers: { cookie: buyer.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.body).toBe('');
  });
});
