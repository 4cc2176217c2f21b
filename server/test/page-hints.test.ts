import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPart } from '../src/db/seed/factories.ts';
import { buildTestApp, tempDir, type TestApp } from './helpers.ts';
import { signUp } from './auth-helpers.ts';
import { fetchPreload } from '../src/modules/site/page-hints.ts';

const SESSION = '</api/auth/get-session>; rel=preload; as=fetch; crossorigin=anonymous';

/** The Link header's entries (commas inside quoted srcset values stay with their entry). */
const linksOf = (header: unknown) =>
  typeof header === 'string' ? header.split(/, (?=<)/) : ([] as string[]);

describe("a page's data preloads (docs/decisions/038)", () => {
  let t: TestApp;
  let web: string;
  let partId: string;
  let buyer: { cookie: string };
  beforeAll(async () => {
    web = tempDir('partsmith-web-data-hints-');
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><div id="root"></div>');
    t = await buildTestApp('pglite', { env: { WEB_DIST: web } });
    const part = await insertPart(t.database.db, {
      name: 'Driver kit',
      image: '/images/parts/tool-driver-kit.svg',
    });
    partId = part.id;
    buyer = await signUp(t, { email: 'ann+shop@example.com', name: 'Ann Buyer' });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(web, { recursive: true, force: true });
  });

  it('preloads the session, the part and its picture with the purchase page', async () => {
    const res = await t.app.inject({ url: `/purchase/${partId}` });
    expect(res.statusCode).toBe(200);
    const links = linksOf(res.headers.link);
    expect(links).toContain(SESSION);
    expect(links).toContain(`</api/part/${partId}>; rel=preload; as=fetch; crossorigin=anonymous`);
    const picture = links.find((l) => l.includes('as=image'));
    // The same srcset and sizes as the page's <img>: the browser fetches the copy it will show.
    expect(picture).toBe(
      '</images/parts/tool-driver-kit-640.webp>; rel=preload; as=image; type="image/webp"; ' +
        'imagesrcset="/images/parts/tool-driver-kit-320.webp 320w, /images/parts/tool-driver-kit-480.webp 480w, /images/parts/tool-driver-kit-640.webp 640w"; ' +
        'imagesizes="(min-width: 1024px) 576px, 90vw"; fetchpriority=high',
    );
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('preloads no picture for a part that is not listed, and nothing of a malformed id', async () => {
    const unknown = '5d6f2a64-3b0e-4c1e-9a51-0f1f0e6a2b7c';
    const gone = linksOf((await t.app.inject({ url: `/purchase/${unknown}` })).headers.link);
    expect(gone).toEqual([
      SESSION,
      `</api/part/${unknown}>; rel=preload; as=fetch; crossorigin=anonymous`,
    ]);
    for (const url of ['/purchase/not-an-id', '/purchase/%20%3Cscript%3E']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(linksOf(res.headers.link), url).toEqual([SESSION]);
    }
  });

  it("preloads the signed-in buyer's admin check and orders with My Orders and their cart with the cart, as private pages", async () => {
    // Byte for byte the app's requests (encodeURIComponent of the session's email).
    const admin = fetchPreload('/api/admin/ann%2Bshop%40example.com');
    const orders = fetchPreload('/api/orders?userEmail=ann%2Bshop%40example.com');
    const cases: [url: string, cookie: string | undefined, links: string[]][] = [
      ['/dashboard/my-orders', buyer.cookie, [SESSION, admin, orders]],
      ['/dashboard/my-orders', undefined, [SESSION]],
      ['/dashboard/my-orders', 'partsmith.session_token=forged.value', [SESSION]],
      // The dashboard's other pages: the admin check its menu waits for, not the orders.
      ['/dashboard/my-profile', buyer.cookie, [SESSION, admin]],
      // The cart, public: the signed-in buyer's cart; a visitor's is in their browser.
      ['/cart', buyer.cookie, [SESSION, fetchPreload('/api/cart')]],
      ['/cart', undefined, [SESSION]],
    ];
    for (const [url, cookie, links] of cases) {
      const res = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
      expect(linksOf(res.headers.link), `${url} ${cookie ?? 'signed out'}`).toEqual(links);
      expect(res.headers['cache-control'], url).toBe('private, no-cache');
    }
  });

  it('adds no data preloads to public pages or unknown paths', async () => {
    for (const url of ['/', '/login', '/blogs', '/no/such/page']) {
      const res = await t.app.inject({ url, headers: { cookie: buyer.cookie } });
      expect(res.headers.link, url).toBeUndefined();
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });
});
