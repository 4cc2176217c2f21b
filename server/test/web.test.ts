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

describe('the web app plugin', () => {
  let web: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    // A stand-in build: the shell and the page hints the web build writes.
    web = tempDir('partsmith-web-hints-');
    fs.mkdirSync(path.join(web, '.vite'));
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><div id="root"></div>');
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
