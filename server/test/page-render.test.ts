import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, tempDir, type TestApp } from './helpers.ts';
import { COOKIE_PREFIX } from '../src/auth/auth.ts';
import { signUp } from './auth-helpers.ts';
import { insertPart } from '../src/db/seed/factories.ts';

const SHELL = '<!doctype html><title>Partsmith</title><div id="root"><nav>shell</nav></div>';
const TEMPLATE =
  '<!doctype html><title><!--title--></title><meta name="description" content="generic" /><div id="root" data-prerendered><!--page--></div>';
const SCRIPTS = '</assets/my-orders-abc.js>; rel=modulepreload';

/**
 * A stand-in for the web build's server module (web/src/prerender/render-page.tsx): renders
 * My Orders from the answers its `send` gets, as the real one asks for them; `/purchase/:id`
 * asks for something it may not (a write) or fails, to see the server fall back to the shell.
 */
const MODULE = `
export async function renderPage(pathname, send) {
  globalThis.partPageRenders = (globalThis.partPageRenders ?? 0) + (pathname.startsWith('/parts/') ? 1 : 0);
  if (pathname.startsWith('/parts/')) {
    // A page for everybody: asked as nobody.
    const answer = await send('/api/part/' + pathname.slice(7), {});
    if (answer.status === 404 || answer.status === 400) return { markup: '', title: '', missing: true };
    const part = await answer.json();
    return { markup: '<h1>' + part.name + '</h1>', title: part.name, head: '<meta name="description" content="' + part.name + '" />' };
  }
  if (pathname === '/parts') {
    globalThis.searchPageRenders = (globalThis.searchPageRenders ?? 0) + 1;
    const answer = await (await send('/api/parts/search?', {})).json();
    return { markup: '<h1>' + answer.total + ' parts</h1>', title: 'Search the parts' };
  }
  if (pathname === '/purchase/write') await send('/api/purchase', { method: 'POST' });
  if (pathname === '/purchase/fail') throw new Error('render failed');
  // A page the server must not ask about: if it did, this would replace the shell.
  if (pathname === '/dashboard/my-profile') return { markup: 'rendered', title: 'rendered' };
  if (pathname !== '/dashboard/my-orders') return null;
  const session = await (await send('/api/auth/get-session', {})).json();
  if (!session) return null;
  const orders = await send('/api/orders?userEmail=' + encodeURIComponent(session.user.email), {});
  return {
    markup: '<h1>Orders of ' + session.user.email + ': ' + orders.status + ' $&</h1>',
    title: 'My Orders <&> | Partsmith',
  };
}`;

describe('the server-rendered signed-in pages (docs/decisions/038)', () => {
  let t: TestApp;
  let root: string;
  let buyer: { cookie: string };
  beforeAll(async () => {
    root = tempDir('partsmith-page-render-');
    const dist = path.join(root, 'dist');
    const server = path.join(root, 'dist-server');
    fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
    fs.mkdirSync(server);
    fs.writeFileSync(path.join(dist, 'index.html'), SHELL);
    fs.writeFileSync(
      path.join(dist, '.vite', 'page-hints.json'),
      JSON.stringify({ myOrders: [SCRIPTS], purchase: [SCRIPTS] }),
    );
    fs.writeFileSync(path.join(server, 'prerender.js'), MODULE);
    fs.writeFileSync(path.join(server, 'page.html'), TEMPLATE);
    // WEB_SERVER_BUILD's default: dist-server beside WEB_DIST.
    t = await buildTestApp('pglite', { env: { WEB_DIST: dist } });
    buyer = await signUp(t, { email: 'ann+render@example.com', name: 'Ann Buyer' });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("sends the buyer's page rendered with their own answers, private, without script preloads", async () => {
    const res = await t.app.inject({
      url: '/dashboard/my-orders',
      headers: { cookie: buyer.cookie, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
    const html = zlib.brotliDecompressSync(res.rawPayload).toString();
    // The session and the orders were asked for with the buyer's cookie, and answered 200.
    expect(html).toBe(
      '<!doctype html><title>My Orders &lt;&amp;&gt; | Partsmith</title>' +
        '<meta name="description" content="generic" />' +
        '<div id="root" data-prerendered><h1>Orders of ann+render@example.com: 200 $&</h1></div>',
    );
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(String(res.headers.link)).not.toContain('modulepreload');
    expect(String(res.headers.link)).toContain('</api/auth/get-session>');
  });

  it('sends it uncompressed to a browser that takes no compression', async () => {
    const res = await t.app.inject({
      url: '/dashboard/my-orders',
      headers: { cookie: buyer.cookie, 'accept-encoding': 'identity' },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toContain('Orders of ann+render@example.com');
  });

  it('sends the shell, with the script preloads, when the page is not rendered', async () => {
    const shell = async (url: string, cookie?: string) => {
      const res = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(SHELL);
      expect(String(res.headers.link), url).toContain(SCRIPTS);
    };
    // Nobody signed in; a session cookie that is no longer valid.
    await shell('/dashboard/my-orders');
    await shell('/dashboard/my-orders', `${COOKIE_PREFIX}.session_token=forged.value`);
    // The cookie of a session that ended (signed out).
    const signedOut = await signUp(t, { email: 'gone@example.com' });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: signedOut.cookie, origin: t.config.publicUrl },
    });
    await shell('/dashboard/my-orders', signedOut.cookie);
    // The module renders it not, fails, or tries to write: the shell, the page still works.
    await shell('/purchase/unlisted', buyer.cookie);
    await shell('/purchase/fail', buyer.cookie);
    await shell('/purchase/write', buyer.cookie);
  });

  it('does not ask the module about pages it does not render', async () => {
    const res = await t.app.inject({
      url: '/dashboard/my-profile',
      headers: { cookie: buyer.cookie },
    });
    expect(res.body).toBe(SHELL);
  });

  it("sends a part's page to everybody alike, kept until the catalogue changes; a missing part is a 404", async () => {
    const part = await insertPart(t.database.db, { name: 'Forge DDR5 Kit' });
    const renders = () => (globalThis as { partPageRenders?: number }).partPageRenders ?? 0;
    const before = renders();
    const first = await t.app.inject({
      url: `/parts/${part.id}`,
      headers: { cookie: buyer.cookie },
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.body).toContain('<h1>Forge DDR5 Kit</h1>');
    // The page's own description replaces the generic one.
    expect(first.body).toContain('<meta name="description" content="Forge DDR5 Kit" />');
    expect(first.body).not.toContain('generic');
    // A visitor gets the very same page, from the cache: no second render.
    const second = await t.app.inject({ url: `/parts/${part.id}` });
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(renders() - before).toBe(1);
    // A change to the catalogue empties the cache: the next answer is rendered anew.
    t.app.catalogueCache.invalidate();
    await t.app.inject({ url: `/parts/${part.id}` });
    expect(renders() - before).toBe(2);

    for (const missing of ['/parts/00000000-0000-4000-8000-000000000000', '/parts/not-an-id']) {
      const res = await t.app.inject({ url: missing });
      expect(res.statusCode, missing).toBe(404);
    }
  });

  it('sends the bare search page to everybody alike; with a query, the shell and the search preloaded', async () => {
    const renders = () => (globalThis as { searchPageRenders?: number }).searchPageRenders ?? 0;
    const before = renders();
    const first = await t.app.inject({ url: '/parts' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toMatch(/<h1>\d+ parts<\/h1>/);
    expect(first.headers.link).toContain('</api/parts/search?>; rel=preload; as=fetch');
    expect((await t.app.inject({ url: '/parts' })).body).toBe(first.body);
    expect(renders() - before).toBe(1);
    // A query asks for another page than the bare path's: the shell, never the kept HTML, and the
    // search preloaded as the app asks for it (its parameters in order).
    const filtered = await t.app.inject({ url: '/parts?q=forge&category=memory' });
    expect(filtered.statusCode).toBe(200);
    expect(filtered.body).toBe(SHELL);
    expect(filtered.headers.link).toContain(
      '</api/parts/search?category=memory&q=forge>; rel=preload; as=fetch',
    );
    expect(renders() - before).toBe(1);
  });
});
