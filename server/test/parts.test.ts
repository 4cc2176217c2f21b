import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, isNull, like, sql } from 'drizzle-orm';
import { PartList } from '@partsmith/contract';
import { catalogueStats, parts } from '../src/db/schema/index.ts';
import { insertPart, insertParts } from '../src/db/seed/factories.ts';
import { createPartsRepository } from '../src/modules/parts/repository.ts';
import { DB_KINDS, buildTestApp, type TestApp } from './helpers.ts';

describe.each(DB_KINDS)('parts API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    await insertParts(
      t.database.db,
      Array.from({ length: 30 }, (_, i) => ({
        name: i % 10 === 0 ? `DDR5 Memory ${i}` : `Part ${String(i).padStart(2, '0')}`,
        priceCents: 1000 + i,
      })),
    );
  });
  afterAll(() => t.close());

  it('lists the first page in catalogue order with total and next cursor headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/allParts?limit=12' });
    expect(res.statusCode).toBe(200);
    const list = PartList.parse(res.json());
    expect(list).toHaveLength(12);
    expect(list[0]).toMatchObject({
      name: 'DDR5 Memory 0',
      price: 10,
      availableQuantity: 100,
      minOrderQuantity: 1,
    });
    expect(res.headers['x-total-count']).toBe('30');
    expect(res.headers['x-next-cursor']).toMatch(/^[0-9]+$/);
  });

  it('walks every page with the cursor, each part once, and the last page has no cursor', async () => {
    /** Every page of the list at `limit`, with the cursor each one gave. */
    const walk = async (limit: number) => {
      const pages: { ids: string[]; cursor: string | undefined }[] = [];
      let cursor: string | undefined;
      do {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/allParts?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
        });
        cursor = res.headers['x-next-cursor'] as string | undefined;
        pages.push({ ids: PartList.parse(res.json()).map((p) => p._id), cursor });
      } while (cursor && pages.length < 20);
      return pages;
    };
    // 30 parts: 7 + 7 + 7 + 7 + 2, and 10 + 10 + 10 (a full last page: no empty page after it).
    for (const [limit, sizes] of [
      [7, [7, 7, 7, 7, 2]],
      [10, [10, 10, 10]],
    ] as const) {
      const pages = await walk(limit);
      expect(pages.map((p) => p.ids.length)).toEqual(sizes);
      expect(pages.map((p) => Boolean(p.cursor))).toEqual(
        sizes.map((_, i) => i < sizes.length - 1),
      );
      const seen = pages.flatMap((p) => p.ids);
      expect(new Set(seen).size).toBe(30);
    }
  });

  it('searches by name or description, treating % and _ literally', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/allParts?q=ddr5' });
    expect(PartList.parse(res.json()).map((p) => p.name)).toEqual([
      'DDR5 Memory 0',
      'DDR5 Memory 10',
      'DDR5 Memory 20',
    ]);
    expect(res.headers['x-total-count']).toBe('3');
    const wildcard = await t.app.inject({ method: 'GET', url: '/api/allParts?q=%25' });
    expect(wildcard.json()).toEqual([]);
  });

  it('rejects a bad limit or cursor with 400 in the one error shape', async () => {
    for (const qs of ['limit=0', 'limit=101', 'limit=abc', 'cursor=-1', "cursor=1'or'1"]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/allParts?${qs}` });
      expect(res.statusCode, qs).toBe(400);
      expect(Object.keys(res.json()).sort()).toEqual(['error', 'message', 'statusCode']);
    }
  });

  it('answers one part, 400 for a malformed id and 404 for a missing one', async () => {
    const part = await insertPart(t.database.db, { name: 'Single Part', priceCents: 12345 });
    const ok = await t.app.inject({ method: 'GET', url: `/api/part/${part.id}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ _id: part.id, name: 'Single Part', price: 123.45 });

    const bad = await t.app.inject({ method: 'GET', url: '/api/part/not-an-id' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Not a valid id');

    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/part/00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'This part is not in our catalogue.',
    });
  });

  it('hides a deleted part from the list and from the single lookup', async () => {
    const part = await insertPart(t.database.db, { name: 'Retired Part' });
    await t.database.db.update(parts).set({ deletedAt: new Date() }).where(eq(parts.id, part.id));
    const one = await t.app.inject({ method: 'GET', url: `/api/part/${part.id}` });
    expect(one.statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: '/api/allParts?q=Retired' });
    expect(list.json()).toEqual([]);
  });

  it('the database refuses negative stock whatever the application does', async () => {
    const part = await insertPart(t.database.db, { availableQuantity: 1 });
    await expect(
      t.database.db.update(parts).set({ availableQuantity: -1 }).where(eq(parts.id, part.id)),
    ).rejects.toThrow();
  });

  it('keeps X-Total-Count exact through inserts, deletions, restores and removals', async () => {
    const listed = async () => {
      const [row] = await t.database.db
        .select({ n: count() })
        .from(parts)
        .where(isNull(parts.deletedAt));
      return String(row!.n);
    };
    // The repository itself: the cache in front of it hears direct writes a moment later.
    const repo = createPartsRepository(t.database.db);
    const header = async () => String((await repo.list({ limit: 1 })).total);
    const [a, b] = await insertParts(t.database.db, [{ name: 'Count A' }, { name: 'Count B' }]);
    expect(await header()).toBe(await listed());
    await t.database.db.update(parts).set({ deletedAt: new Date() }).where(eq(parts.id, a!.id));
    expect(await header()).toBe(await listed());
    // A second deletion of a deleted part and a stock change leave the count alone.
    await t.database.db.update(parts).set({ deletedAt: new Date() }).where(eq(parts.id, a!.id));
    await t.database.db.update(parts).set({ availableQuantity: 7 }).where(eq(parts.id, b!.id));
    expect(await header()).toBe(await listed());
    await t.database.db.update(parts).set({ deletedAt: null }).where(eq(parts.id, a!.id));
    expect(await header()).toBe(await listed());
    await t.database.db.delete(parts).where(eq(parts.id, b!.id));
    expect(await header()).toBe(await listed());

    // A bulk load (an import, the benchmark's seed) and a bulk removal, deleted parts among
    // them, count per statement: the count's one row is updated once, not once per part, so
    // its table stays one page instead of growing by a row version per part.
    await t.database.db.execute(
      sql`insert into parts (name, description, image, price_cents, available_quantity, min_order_quantity, deleted_at)
          select 'Bulk ' || g, 'Loaded in bulk.', '/p.webp', 100, 5, 1,
                 case when g % 10 = 0 then now() end
          from generate_series(1, 2000) g`,
    );
    expect(await header()).toBe(await listed());
    const [stats] = await t.database.db
      .select({
        pages: sql<number>`(pg_relation_size('catalogue_stats') / current_setting('block_size')::int)::int`,
      })
      .from(catalogueStats);
    expect(stats?.pages).toBe(1);
    await t.database.db.delete(parts).where(like(parts.name, 'Bulk 1%'));
    expect(await header()).toBe(await listed());
  });
});
