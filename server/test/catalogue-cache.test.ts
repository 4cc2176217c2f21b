import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createPgPool, fromPgPool, type Database } from '../src/db/client.ts';
import { parts } from '../src/db/schema/index.ts';
import { insertPart } from '../src/db/seed/factories.ts';
import { CatalogueCache } from '../src/modules/parts/cache.ts';
import { loggerOptions } from '../src/plugins/logging.ts';
import { DB_KINDS, buildTestApp, openTestDatabase, tempDir, type TestApp } from './helpers.ts';
import { signUp } from './auth-helpers.ts';

const ORDER = { address: '1 Main Street, Springfield, IL 62701', phone: '+1 (217) 555-0100' };
/** Headers that differ between any two answers, cached or not. */
const PER_REQUEST = new Set(['date', 'x-request-id']);

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

async function get(base: string, path: string, encoding = 'identity') {
  const res = await fetch(`${base}${path}`, { headers: { 'accept-encoding': encoding } });
  const headers = Object.fromEntries(
    [...res.headers.entries()].filter(([name]) => !PER_REQUEST.has(name)),
  );
  return { status: res.status, headers, body: await res.text() };
}

const listed = async (base: string, id: string) => {
  const page = JSON.parse((await get(base, '/api/allParts?limit=50')).body) as Array<{
    _id: string;
    availableQuantity: number;
    price: number;
  }>;
  return page.find((p) => p._id === id);
};
const partOf = async (base: string, id: string) => {
  const res = await get(base, `/api/part/${id}`);
  return res.status === 200 ? (JSON.parse(res.body) as { availableQuantity: number }) : null;
};

/**
 * A write straight to the database reaches the cache through the trigger's notification, which
 * PostgreSQL delivers on the listener's own connection a moment later: wait for it, so that it
 * cannot empty the cache in the middle of the next assertions.
 */
async function writeAndAwaitNotice<T>(cache: CatalogueCache, write: () => Promise<T>): Promise<T> {
  const spy = vi.spyOn(cache, 'invalidate');
  try {
    const result = await write();
    await vi.waitFor(() => expect(spy).toHaveBeenCalled(), { timeout: 5_000 });
    return result;
  } finally {
    spy.mockRestore();
  }
}

describe.each(DB_KINDS)('the catalogue cache on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let admin: string;
  let buyer: string;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { ADMIN_EMAILS: 'owner@example.com' } });
    admin = (await signUp(t, { email: 'owner@example.com', name: 'Owner' })).cookie;
    buyer = (await signUp(t, { email: 'buyer@example.com', name: 'Buyer' })).cookie;
    base = await listen(t.app);
  });
  afterAll(() => t.close());

  it('answers a repeated read from the cache with the same headers and bytes, in every encoding', async () => {
    const cache = t.app.catalogueCache;
    await writeAndAwaitNotice(cache, () =>
      insertPart(t.database.db, { name: 'Cached part', description: 'x'.repeat(1500) }),
    );
    for (const encoding of ['identity', 'gzip', 'br', 'gzip, deflate, br']) {
      for (const path of ['/api/allParts?limit=5', '/api/allParts?q=Cached']) {
        const hitsBefore = cache.hits;
        const miss = await get(base, path, encoding);
        const hit = await get(base, path, encoding);
        expect(miss.status).toBe(200);
        expect(hit).toEqual(miss);
        expect(cache.hits).toBeGreaterThan(hitsBefore);
        expect(miss.headers.vary).toBe('accept-encoding');
        expect(miss.headers['x-content-type-options']).toBe('nosniff');
        expect(miss.headers['content-security-policy']).toContain("default-src 'self'");
        expect(miss.headers['x-total-count']).toMatch(/^[0-9]+$/);
      }
    }
    // fetch decodes: the br and gzip answers carry the same JSON as the plain one.
    const plain = await get(base, '/api/allParts?q=Cached', 'identity');
    const br = await get(base, '/api/allParts?q=Cached', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.body).toBe(plain.body);
  });

  it('shows a purchase and the deletion of its order at once, in the list and the part', async () => {
    const part = await insertPart(t.database.db, { name: 'Stocked', availableQuantity: 40 });
    expect((await listed(base, part.id))?.availableQuantity).toBe(40);
    expect((await partOf(base, part.id))?.availableQuantity).toBe(40);
    expect((await listed(base, part.id))?.availableQuantity).toBe(40);

    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: { cookie: buyer },
      payload: { partId: part.id, quantity: 3, ...ORDER },
    });
    expect(bought.statusCode).toBe(200);
    expect((await listed(base, part.id))?.availableQuantity).toBe(37);
    expect((await partOf(base, part.id))?.availableQuantity).toBe(37);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/orders/${bought.json().insertedId}`,
      headers: { cookie: buyer },
    });
    expect(deleted.json()).toMatchObject({ deletedCount: 1 });
    expect((await listed(base, part.id))?.availableQuantity).toBe(40);
    expect((await partOf(base, part.id))?.availableQuantity).toBe(40);
  });

  it("shows an admin's add, correction and deletion of a part at once", async () => {
    const before = await get(base, '/api/allParts?q=Brand%20new');
    expect(JSON.parse(before.body)).toEqual([]);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/addParts',
      headers: { cookie: admin },
      payload: {
        name: 'Brand new board',
        description: 'Just in',
        image: '/images/parts/tool-driver-kit.svg',
        price: 10,
        availableQuantity: 5,
        minOrderQuantity: 1,
      },
    });
    expect(added.statusCode).toBe(200);
    const id = added.json().insertedId as string;
    expect(JSON.parse((await get(base, '/api/allParts?q=Brand%20new')).body)).toHaveLength(1);
    expect((await listed(base, id))?.price).toBe(10);
    expect((await partOf(base, id))?.availableQuantity).toBe(5);

    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/tools/${id}`,
      headers: { cookie: admin },
      payload: { price: 12.5, availableQuantity: 9 },
    });
    expect(patched.statusCode).toBe(200);
    expect((await listed(base, id))?.price).toBe(12.5);
    expect((await partOf(base, id))?.availableQuantity).toBe(9);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/tools/${id}`,
      headers: { cookie: admin },
    });
    expect(removed.statusCode).toBe(200);
    expect(await listed(base, id)).toBeUndefined();
    expect(await partOf(base, id)).toBeNull();
    expect(JSON.parse((await get(base, '/api/allParts?q=Brand%20new')).body)).toEqual([]);
  });

  it('hears a change made outside the app (the database trigger)', async () => {
    const part = await insertPart(t.database.db, { name: 'Outside', availableQuantity: 7 });
    expect((await partOf(base, part.id))?.availableQuantity).toBe(7);
    expect((await partOf(base, part.id))?.availableQuantity).toBe(7);
    await t.database.db.update(parts).set({ availableQuantity: 6 }).where(eq(parts.id, part.id));
    await vi.waitFor(async () => expect((await partOf(base, part.id))?.availableQuantity).toBe(6), {
      timeout: 1000,
    });
  });
});

describe('a catalogue cache hit', () => {
  it("goes through the shop's hooks: its own request id, the log and the request metrics", async () => {
    const token = 'metrics-token-for-the-cache-test-0123456789';
    const lines: string[] = [];
    const t = await buildTestApp('pglite', {
      env: { METRICS_TOKEN: token },
      deps: { logger: loggerOptions('info', { write: (line) => void lines.push(line) }) },
    });
    try {
      await vi.waitFor(() => expect(t.app.catalogueCache.enabled).toBe(true));
      const part = await insertPart(t.database.db, { name: 'Logged part' });
      const url = `/api/part/${part.id}`;
      const miss = await t.app.inject({ url, headers: { 'x-request-id': 'cache-miss-0001' } });
      const hits = t.app.catalogueCache.hits;
      const hit = await t.app.inject({ url, headers: { 'x-request-id': 'cache-hit-0002' } });
      expect(t.app.catalogueCache.hits).toBe(hits + 1);
      expect(hit.statusCode).toBe(200);
      expect(hit.body).toBe(miss.body);
      expect(hit.headers['x-request-id']).toBe('cache-hit-0002');
      expect(hit.headers['content-security-policy']).toBe(miss.headers['content-security-policy']);
      const logged = lines
        .map((line) => JSON.parse(line) as { reqId?: string; msg: string })
        .filter((line) => line.reqId === 'cache-hit-0002')
        .map((line) => line.msg);
      expect(logged).toEqual(['incoming request', 'request completed']);
      const scraped = await t.app.inject({
        url: '/api/metrics',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(scraped.body).toContain(
        'partsmith_http_requests_total{method="GET",route="/api/part/:id",status="200"} 2',
      );
    } finally {
      await t.close();
    }
  });
});

describe('the catalogue cache generations', () => {
  const stubReply = () => {
    const reply = { headers: () => reply, send: (body: Buffer) => body };
    return reply;
  };
  const request = (url: string) => ({ url, method: 'GET', headers: {} });

  it('does not store a read that an invalidation overtook, and stores the next one', async () => {
    const cache = new CatalogueCache();
    cache.setListening(true);
    let loads = 0;
    const load = async (invalidate: boolean) => {
      loads++;
      if (invalidate) cache.invalidate();
      return { body: `[${loads}]`, headers: {} };
    };
    const answer = (invalidate: boolean) =>
      cache.respond(request('/api/x') as never, stubReply() as never, 'k', () => load(invalidate));
    expect(String(await answer(true))).toBe('[1]');
    expect(cache.size).toBe(0);
    expect(String(await answer(false))).toBe('[2]');
    expect(cache.size).toBe(1);
    expect(String(await answer(false))).toBe('[2]');
    cache.setListening(false);
    expect(String(await answer(false))).toBe('[3]');
    expect(cache.size).toBe(0);
  });
});

describe.runIf(DB_KINDS.includes('postgres'))('the catalogue cache across instances', () => {
  let database: Database;
  let second: Database;
  const apps: FastifyInstance[] = [];
  let one: string;
  let two: string;
  const dataDir = tempDir();

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    if (database.raw.kind !== 'postgres') throw new Error('expected PostgreSQL');
    second = fromPgPool(createPgPool(database.raw.pool.options.connectionString!, 4));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    // The second one waits 3 s before it listens again, so the test sees it bypass meanwhile.
    apps.push(await buildApp(config, { database }));
    apps.push(await buildApp(config, { database: second, catalogueReconnectMs: 3000 }));
    one = await listen(apps[0]!);
    two = await listen(apps[1]!);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await second.close();
    await database.close();
  });

  it('shows a change made through one instance on the other within a second', async () => {
    const part = await insertPart(database.db, { name: 'Shared', availableQuantity: 20 });
    for (const base of [one, two, one, two]) {
      expect((await partOf(base, part.id))?.availableQuantity).toBe(20);
      expect((await listed(base, part.id))?.availableQuantity).toBe(20);
    }
    await database.db
      .update(parts)
      .set({ availableQuantity: sql`${parts.availableQuantity} - 4` })
      .where(eq(parts.id, part.id));
    for (const base of [one, two]) {
      await vi.waitFor(
        async () => {
          expect((await partOf(base, part.id))?.availableQuantity).toBe(16);
          expect((await listed(base, part.id))?.availableQuantity).toBe(16);
        },
        { timeout: 1000, interval: 20 },
      );
    }
  });

  it('bypasses the cache while its notification connection is down, and uses it again once back', async () => {
    const app = apps[1]!;
    const part = await insertPart(database.db, { name: 'Dropped', availableQuantity: 3 });
    await vi.waitFor(() => expect(app.catalogueCache.enabled).toBe(true));
    const admin = new pg.Client(second.raw.kind === 'postgres' ? second.raw.pool.options : {});
    await admin.connect();
    try {
      // Cut the listeners of this database.
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = 'partsmith-catalogue-listener' and datname = current_database()`,
      );
      await vi.waitFor(() => expect(app.catalogueCache.enabled).toBe(false));
      expect((await partOf(two, part.id))?.availableQuantity).toBe(3);
      await database.db.update(parts).set({ availableQuantity: 2 }).where(eq(parts.id, part.id));
      expect((await partOf(two, part.id))?.availableQuantity).toBe(2);
      expect(app.catalogueCache.enabled).toBe(false);
      await vi.waitFor(() => expect(app.catalogueCache.enabled).toBe(true), { timeout: 10_000 });
      const hits = app.catalogueCache.hits;
      expect((await partOf(two, part.id))?.availableQuantity).toBe(2);
      expect((await partOf(two, part.id))?.availableQuantity).toBe(2);
      expect(app.catalogueCache.hits).toBeGreaterThan(hits);
    } finally {
      await admin.end();
    }
  });
});
