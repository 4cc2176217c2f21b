import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AdminPartsPage } from '@partsmith/contract/admin-lists';
import { encodeCursor } from '../src/db/keyset.ts';
import { parts } from '../src/db/schema/index.ts';
import { categoryNames } from '../src/modules/parts/repository.ts';
import { DB_KINDS } from './helpers.ts';
import { adminListsSuite, seedParts, type Item } from './admin-lists-helpers.ts';

// The admins' table of parts: every part not deleted once, in the order of each sort; its
// filters, its search and its counts; refused cursors.
describe.each(DB_KINDS)('the admin tables on %s', (kind) => {
  const { shop, idsOf, get, walk, ids } = adminListsSuite(kind);

  describe('GET /api/admin/parts', () => {
    let deletedId: string;
    beforeAll(async () => {
      deletedId = await seedParts(shop());
    });

    const PARTS = sql`select id, seq from ${parts} where deleted_at is null`;

    it('gives every part not deleted once, in the order of each sort', async () => {
      const orders: Record<string, SQL> = {
        newest: sql`${PARTS} order by created_at desc, seq desc`,
        oldest: sql`${PARTS} order by created_at, seq`,
        name: sql`${PARTS} order by name, seq`,
        'price-asc': sql`${PARTS} order by price_cents, seq`,
        'price-desc': sql`${PARTS} order by price_cents desc, seq desc`,
        'stock-asc': sql`${PARTS} order by available_quantity, seq`,
      };
      const all = await idsOf(orders.newest!);
      expect(all).toHaveLength(24);
      for (const [sort, expected] of Object.entries(orders)) {
        const { items, total } = await walk<Item>('/api/admin/parts', AdminPartsPage, { sort });
        expect(ids(items), sort).toEqual(await idsOf(expected));
        expect(total).toBe(24);
        expect(ids(items)).not.toContain(deletedId);
      }
      // Newest first by default, unlisted parts among them, each with its category's name.
      const first = (await get('/api/admin/parts?limit=100')).json();
      expect(ids(first.items)).toEqual(all);
      expect(first.nextCursor).toBeNull();
      expect(first.items.some((p: { listed: boolean }) => !p.listed)).toBe(true);
      // Each row's category name and specification as its part's page gives them.
      const names = await categoryNames(shop().t.database.db, ['memory', 'storage']);
      for (const item of first.items as { category: string; categoryName: string }[])
        expect(item.categoryName).toBe(names.get(item.category));
      const memory = (first.items as { _id: string; category: string }[]).find(
        (p) => p.category === 'memory',
      )!;
      await shop().t.database.db.execute(
        sql`update ${parts} set attributes = '{"type": "DDR5", "capacity": 32}' where id = ${memory._id}`,
      );
      const [row] = (await get(`/api/admin/parts?limit=100`))
        .json()
        .items.filter((p: { _id: string }) => p._id === memory._id);
      const pageOf = (await get(`/api/part/${memory._id}`)).json();
      expect(row).toMatchObject({
        categoryName: pageOf.categoryName,
        specification: pageOf.specification,
      });
      expect(pageOf.specification).toHaveLength(2);
      const prices = (
        await walk<Item & { price: number }>('/api/admin/parts', AdminPartsPage, {
          sort: 'price-asc',
        })
      ).items.map((p) => p.price);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
    });

    it('filters by category, stock and listed, with the total of what it finds', async () => {
      const cases: [Record<string, string>, SQL][] = [
        [{ category: 'memory' }, sql`${PARTS} and category = 'memory'`],
        [{ listed: 'false' }, sql`${PARTS} and not listed`],
        [{ listed: 'true' }, sql`${PARTS} and listed`],
        [{ stock: 'out' }, sql`${PARTS} and available_quantity = 0`],
        [
          { stock: 'low' },
          sql`${PARTS} and available_quantity > 0
            and available_quantity < coalesce(low_stock_threshold, 2 * min_order_quantity)`,
        ],
        [
          { stock: 'in' },
          sql`${PARTS} and available_quantity > 0
            and available_quantity >= coalesce(low_stock_threshold, 2 * min_order_quantity)`,
        ],
        [
          { category: 'storage', stock: 'in', listed: 'true' },
          sql`${PARTS} and category = 'storage' and listed and available_quantity > 0
            and available_quantity >= coalesce(low_stock_threshold, 2 * min_order_quantity)`,
        ],
      ];
      for (const [params, expected] of cases) {
        const { items, total } = await walk<Item>('/api/admin/parts', AdminPartsPage, {
          ...params,
          sort: 'oldest',
        });
        const want = await idsOf(sql`${expected} order by created_at, seq`);
        expect(want.length, JSON.stringify(params)).toBeGreaterThan(0);
        expect(ids(items), JSON.stringify(params)).toEqual(want);
        expect(total).toBe(want.length);
      }
      // Out, low and in split the parts between them.
      const counts = await Promise.all(
        ['out', 'low', 'in'].map(
          async (stock) => (await get(`/api/admin/parts?stock=${stock}`)).json().total,
        ),
      );
      expect(counts.reduce((a, b) => a + b, 0)).toBe(24);
      // 7 (stock 7) is below its own threshold of 10, and at or above twice its minimum (4).
      const low = (await get('/api/admin/parts?stock=low&limit=100')).json().items;
      for (const p of low) expect(p.availableQuantity).toBeLessThan(p.lowStockThreshold);
    });

    it('finds every word of q in the name, the part number or the description', async () => {
      const search = async (q: string) =>
        (await walk<Item & { name: string }>('/api/admin/parts', AdminPartsPage, { q })).items;
      const anvils = await search('anvil');
      expect(anvils).toHaveLength(6);
      expect(anvils.every((p) => p.name.startsWith('Anvil'))).toBe(true);
      // A part number's inside, any case; two words both found.
      expect(ids(await search('x013'))).toEqual(await idsOf(sql`${PARTS} and sku = 'ADM-X013'`));
      expect(await search('anvil 08')).toHaveLength(1);
      // The description; `%` is itself, not a wildcard.
      expect(await search('100% copper')).toHaveLength(5);
      expect(await search('1%0')).toHaveLength(0);
      expect(await search('nothing-like-this')).toHaveLength(0);
      // The deleted part is never found.
      expect(ids(await search('deleted'))).toEqual([]);
      const res = await get('/api/admin/parts?q=anvil&listed=true&sort=name');
      expect(res.json().total).toBe(
        (await idsOf(sql`${PARTS} and listed and name ilike 'anvil%'`)).length,
      );
    });

    it('refuses a cursor it did not make, or made for another sort (400)', async () => {
      const page = (await get('/api/admin/parts?limit=2&sort=name')).json();
      expect(page.nextCursor).toEqual(expect.any(String));
      const refused = [
        'bm90LWEtY3Vyc29y',
        page.nextCursor.slice(0, -2),
        encodeCursor({ name: 'name' }, ['Anvil', 'not-a-number']),
        encodeCursor({ name: 'name' }, ['Anvil']),
        encodeCursor({ name: 'newest' }, ['2026-03-01T10:00:00.000001', '5']),
        `${page.nextCursor}A`,
      ];
      for (const cursor of refused) {
        const res = await get(`/api/admin/parts?sort=name&cursor=${cursor}`);
        expect(res.statusCode, cursor).toBe(400);
        expect(res.json().message).toMatch(/first page/);
      }
      // Made for the sort by name: refused by the others.
      const other = await get(`/api/admin/parts?sort=price-asc&cursor=${page.nextCursor}`);
      expect(other.statusCode).toBe(400);
      expect((await get('/api/admin/parts?cursor=not+base64!')).statusCode).toBe(400);
      expect((await get('/api/admin/parts?limit=0')).statusCode).toBe(400);
      expect((await get('/api/admin/parts?limit=101')).statusCode).toBe(400);
      expect((await get('/api/admin/parts?stock=some')).statusCode).toBe(400);
    });
  });
});
