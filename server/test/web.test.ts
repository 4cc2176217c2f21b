import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPageHints, webApp } from '../src/plugins/web.ts';
import { tempDir } from './helpers.ts';

const HERO = '</images/hero/slide-1-1280.webp>; rel=preload; as=image; fetchpriority=high';
const LOGIN = '</assets/login-page-abc.js>; rel=modulepreload';
const PURCHASE = [
  '</assets/guards-abc.js>; rel=modulepreload',
  '</assets/purchase-abc.js>; rel=modulepreload',
];

const SHELL = '<!doctype html><div id="root"><nav>shell</nav></div>';
const HOME = '<!doctype html><div id="root"><nav>shell</nav><h1>home</h1></div>';

describe('the web app plugin', () => {
  let web: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    // A stand-in build: the shell, the prerendered home page and the page hints the web build
    // writes.
    web = tempDir('partsmith-web-hints-');
    fs.mkdirSync(path.join(web, '.vite'));
    fs.mkdirSync(path.join(web, 'prerendered'));
    fs.writeFileSync(path.join(web, 'index.html'), SHELL);
    fs.writeFileSync(path.join(web, 'prerendered', 'home.html'), HOME);
    fs.writeFileSync(
      path.join(web, '.vite', 'page-hints.json'),
      JSON.stringify({
        '/': [HERO],
        '/login': [LOGIN],
        '/purchase/:partsId': PURCHASE,
        '/blogs': [],
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

    for (const url of ['/blogs', '/contact', '/purchase', '/purchase/a/b']) {
      const res = await app.inject({ url });
      expect(res.headers.link, url).toBeUndefined();
    }
  });

  it('sends the prerendered home page for / and the shell for every other page', async () => {
    for (const url of ['/', '/?ref=mail']) {
      const home = await app.inject({ url });
      expect(home.statusCode, url).toBe(200);
      expect(home.body, url).toBe(HOME);
      expect(home.headers['cache-control'], url).toBe('no-cache');
    }
    for (const [url, status] of [
      ['/login', 200],
      ['/blogs', 200],
      ['/no/such/page', 404],
    ] as const) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(status);
      expect(res.body, url).toBe(SHELL);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('sends index.html for / when the build has no prerendered home page', async () => {
    const bare = tempDir('partsmith-web-bare-');
    fs.writeFileSync(path.join(bare, 'index.html'), SHELL);
    const plain = Fastify();
    try {
      await plain.register(webApp, { dist: bare });
      const home = await plain.inject({ url: '/' });
      expect(home.statusCode).toBe(200);
      expect(home.body).toBe(SHELL);
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
      expect(readPageHints(bare)).toEqual([]);
    } finally {
      fs.rmSync(bare, { recursive: true, force: true });
    }
  });
});
