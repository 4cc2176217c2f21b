import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPageHints, webApp } from '../src/plugins/web.ts';
import { tempDir } from './helpers.ts';

const HERO = '</images/hero/slide-1-1280.webp>; rel=preload; as=image; fetchpriority=high';
const LOGIN = '</assets/login-page-abc.js>; rel=modulepreload';
const APP = '</assets/start-1.js>; rel=modulepreload';
const PURCHASE = [
  '</assets/guards-abc.js>; rel=modulepreload',
  '</assets/purchase-abc.js>; rel=modulepreload',
];

const SHELL = '<!doctype html><div id="root"><nav>shell</nav></div>';
const HOME = '<!doctype html><div id="root"><nav>shell</nav><h1>home</h1></div>';
const LOGIN_PAGE = '<!doctype html><div id="root"><nav>shell</nav><h1>login</h1></div>';
const NOT_FOUND = '<!doctype html><div id="root"><nav>shell</nav><h1>404</h1></div>';

describe('the web app plugin', () => {
  let web: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    // A stand-in build: the shell, the prerendered pages with their index and the page hints
    // the web build writes (the index also names a page the build did not write).
    web = tempDir('partsmith-web-hints-');
    fs.mkdirSync(path.join(web, '.vite'));
    fs.mkdirSync(path.join(web, 'prerendered'));
    fs.writeFileSync(path.join(web, 'index.html'), SHELL);
    fs.writeFileSync(path.join(web, 'prerendered', 'home.html'), HOME);
    fs.writeFileSync(path.join(web, 'prerendered', 'login.html'), LOGIN_PAGE);
    fs.writeFileSync(path.join(web, 'prerendered', 'not-found.html'), NOT_FOUND);
    fs.writeFileSync(
      path.join(web, 'prerendered', 'pages.json'),
      JSON.stringify({
        pages: { '/': 'home.html', '/login': 'login.html', '/blogs': 'gone.html' },
        notFound: 'not-found.html',
      }),
    );
    fs.writeFileSync(
      path.join(web, '.vite', 'page-hints.json'),
      JSON.stringify({
        // By page id (contract/src/pages.ts); '*': the app's chunks for a page listed nowhere else.
        '*': [APP],
        home: [HERO],
        login: [LOGIN],
        purchase: PURCHASE,
        blogs: [],
      }),
    );
    app = Fastify();
    await app.register(webApp, { dist: web });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(web, { recursive: true, force: true });
  });

  it("sends a page's preload hints as a Link header with its shell, for that page only", async () => {
    const home = await app.inject({ url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.headers.link).toBe(HERO);

    const login = await app.inject({ url: '/login?redirect=%2Fdashboard' });
    expect(login.headers.link).toBe(LOGIN);

    const purchase = await app.inject({ url: '/purchase/0b6c1c9e-1' });
    expect(purchase.headers.link).toBe(PURCHASE.join(', '));

    // Listed with none (a prerendered page): none, not the others' default.
    expect((await app.inject({ url: '/blogs' })).headers.link).toBeUndefined();
    for (const url of ['/contact', '/dashboard/manage-orders']) {
      const res = await app.inject({ url });
      expect(res.headers.link, url).toBe(APP);
    }
    // Not a page of the shop (answered 404): none.
    for (const url of ['/purchase', '/purchase/a/b']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers.link, url).toBeUndefined();
    }
  });

  it('sends each prerendered page, the 404 page for unknown paths, the shell otherwise', async () => {
    for (const [url, status, body] of [
      ['/', 200, HOME],
      ['/?ref=mail', 200, HOME],
      ['/login?redirect=%2Fdashboard', 200, LOGIN_PAGE],
      ['/no/such/page', 404, NOT_FOUND],
      // Listed in the index but not written: the shell, never an error.
      ['/blogs', 200, SHELL],
      ['/contact', 200, SHELL],
      ['/dashboard/my-orders', 200, SHELL],
    ] as const) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(status);
      expect(res.body, url).toBe(body);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('sends index.html for every page when the build has no prerendered pages', async () => {
    const bare = tempDir('partsmith-web-bare-');
    fs.writeFileSync(path.join(bare, 'index.html'), SHELL);
    const plain = Fastify();
    try {
      await plain.register(webApp, { dist: bare });
      const home = await plain.inject({ url: '/' });
      expect(home.statusCode).toBe(200);
      expect(home.body).toBe(SHELL);
      const missing = await plain.inject({ url: '/no/such/page' });
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toBe(SHELL);
    } finally {
      await plain.close();
      fs.rmSync(bare, { recursive: true, force: true });
    }
  });

  it('sends no hints with the 404 shell', async () => {
    const res = await app.inject({ url: '/no/such/page' });
    expect(res.statusCode).toBe(404);
    expect(res.headers.link).toBeUndefined();
  });

  it('reads no hints from a build without the file', () => {
    const bare = tempDir('partsmith-web-bare-');
    try {
      expect(readPageHints(bare).size).toBe(0);
    } finally {
      fs.rmSync(bare, { recursive: true, force: true });
    }
  });

  it("orders a page's Link values: stylesheet, the page's answers, then its scripts", async () => {
    const CSS = '</assets/index-1.css>; rel=preload; as=style';
    const DATA = '</api/part/1>; rel=preload; as=fetch; crossorigin=anonymous';
    const dist = tempDir('partsmith-web-order-');
    fs.mkdirSync(path.join(dist, '.vite'));
    fs.writeFileSync(path.join(dist, 'index.html'), SHELL);
    fs.writeFileSync(
      path.join(dist, '.vite', 'page-hints.json'),
      JSON.stringify({ purchase: [CSS, ...PURCHASE] }),
    );
    const ordered = Fastify();
    try {
      await ordered.register(webApp, {
        dist,
        pageDataHints: async () => ({ links: [DATA], personal: true }),
      });
      const res = await ordered.inject({ url: '/purchase/1' });
      expect(res.headers.link).toBe([CSS, DATA, ...PURCHASE].join(', '));
      expect(res.headers['cache-control']).toBe('private, no-cache');
    } finally {
      await ordered.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
