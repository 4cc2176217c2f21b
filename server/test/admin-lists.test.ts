import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminOrdersPage,
  AdminPartsPage,
  AdminQuotesPage,
  AdminReviewsPage,
  AdminUsersPage,
} from '@partsmith/contract/admin-lists';
import { parts, quoteLines, quotes, reviews, users } from '../src/db/schema/index.ts';
import { insertParts, insertReviews } from '../src/db/seed/factories.ts';
import { encodeCursor } from '../src/db/keyset.ts';
import { DB_KINDS, type TestApp } from './helpers.ts';
import { openDashboards, type Account } from './dashboard-helpers.ts';
import { insertOrders } from './order-rows.ts';

interface Item {
  _id: string;
}

// The admins' tables (issue 48): every row once, in order, page after page, for each sort; the
// filters, the search and the counts; refused cursors and callers.
describe.each(DB_KINDS)('the admin tables on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let customer: Account;

  const rowsOf = async (query: SQL) =>
    (
      (await t.database.db.execute(query)) as unknown as {
        rows: Record<string, unknown>[];
      }
    ).rows;
  /** The ids of a plain query, in its order: what the pages must add up to. */
  const idsOf = async (query: SQL) => (await rowsOf(query)).map((r) => String(r.id));

  const get = (url: string, cookie = admin) =>
    t.app.inject({ method: 'GET', url, headers: { cookie } });

  /**
   * Every page of `path` with `params`, `limit` rows at a time, following nextCursor: each page
   * valid by `schema`, with the same total, full except the last; answers every row in order.
   */
  async function walk<T extends Item>(
    path: string,
    schema: { parse(v: unknown): { items: unknown[] } },
    params: Record<string, string> = {},
    limit = 3,
  ): Promise<{ items: T[]; total: number; pages: number }> {
    const items: T[] = [];
    let cursor: string | null = null;
    let total: number | undefined;
    let pages = 0;
    do {
      const qs = new URLSearchParams({ ...params, limit: String(limit) });
      if (cursor) qs.set('cursor', cursor);
      const res = await get(`${path}?${qs}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { items: T[]; nextCursor: string | null; total: number };
      schema.parse(body);
      total ??= body.total;
      expect(body.total).toBe(total);
      if (body.nextCursor) expect(body.items).toHaveLength(limit);
      else expect(body.items.length).toBeLessThanOrEqual(limit);
      items.push(...body.items);
      cursor = body.nextCursor;
      pages++;
    } while (cursor && pages < 500);
    expect(cursor).toBeNull();
    expect(items).toHaveLength(total!);
    expect(new Set(items.map((i) => i._id)).size).toBe(items.length);
    return { items, total: total!, pages };
  }
  const ids = (items: Item[]) => items.map((i) => i._id);

  beforeAll(async () => {
    ({ t, admin, customer } = await openDashboards(kind));
  });
  afterAll(() => t.close());

  describe('GET /api/admin/parts', () => {
    let deletedId: string;
    beforeAll(async () => {
      const { db } = t.database;
      // 24 parts in one statement: one created_at for all, so the seq breaks every tie.
      await insertParts(
        db,
        Array.from({ length: 24 }, (_, i) => ({
          name: `${['Anvil', 'Forge', 'Kiln', 'Bellows'][i % 4]} part ${String(i).padStart(2, '0')}`,
          description: i % 5 === 0 ? 'A 100% copper heat sink' : `Plain part number ${i}.`,
          priceCents: 500 + (i % 6) * 250,
          availableQuantity: [0, 3, 50, 7][i % 4]!,
          minOrderQuantity: 2,
          // Null: twice the minimum order (4); else its own.
          lowStockThreshold: i % 3 === 0 ? null : 10,
          category: i % 2 === 0 ? 'memory' : 'storage',
          listed: i % 7 !== 3,
          sku: `ADM-${i % 2 ? 'X' : 'Y'}${String(i).padStart(3, '0')}`,
        })),
      );
      // Times a microsecond apart (a JavaScript Date cannot tell them apart) and equal ones.
      await db.execute(sql`update ${parts} set created_at = case
          when seq % 4 = 0 then '2026-03-01 10:00:00.000001+00'::timestamptz
          when seq % 4 = 1 then '2026-03-01 10:00:00.000002+00'::timestamptz
          else created_at end`);
      const [gone] = await insertParts(db, [
        { name: 'Anvil deleted part', sku: 'ADM-GONE', deletedAt: new Date() },
      ]);
      deletedId = gone!.id;
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
      expect(first.items[0]).toMatchObject({ categoryName: expect.any(String) });
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

  describe('GET /api/admin/orders', () => {
    beforeAll(async () => {
      const { db } = t.database;
      const base = {
        userId: customer.user.id,
        image: '/images/parts/tool-driver-kit.svg',
        description: 'An order',
        address: '1 Test Street, Springfield 12345',
        phone: '+1 555 010 0100',
        stockAfter: 5,
      };
      const day = (d: number, h = 12) => new Date(Date.UTC(2026, 4, d, h));
      let n = 0;
      const order = (over: Record<string, unknown>) => {
        n++;
        return {
          ...base,
          name: `Order part ${n}`,
          unitPriceCents: 1000 + (n % 5) * 300,
          quantity: 1 + (n % 3),
          userEmail: n % 2 ? 'cara@example.com' : `buyer${n}@example.com`,
          userName: n % 2 ? 'Cara Customer' : `Buyer Number${n}`,
          createdAt: day(1 + (n % 9)),
          lines: [
            {
              name: `Line part ${n}`,
              sku: `SKU-L${n}`,
              unitPriceCents: 1000 + (n % 5) * 300,
              quantity: 1 + (n % 3),
            },
            ...(n % 4 === 0
              ? [{ name: 'Thermal paste tube', sku: 'TP-1', unitPriceCents: 500, quantity: 1 }]
              : []),
          ],
          ...over,
        };
      };
      const paid = () => ({
        paid: true,
        transactionId: `pi_test_${randomUUID()}`,
        paidAt: new Date(),
      });
      await insertOrders(db, [
        ...Array.from({ length: 5 }, () => order({})),
        ...Array.from({ length: 3 }, () => order({ expiredAt: new Date() })),
        ...Array.from({ length: 4 }, () => order(paid())),
        ...Array.from({ length: 4 }, () => order({ ...paid(), shippedAt: new Date() })),
        order({ ...paid(), refundedAt: new Date() }),
        order({ ...paid(), shippedAt: new Date(), refundedAt: new Date() }),
      ]);
      // Two orders a microsecond apart, two at the same time.
      await db.execute(sql`update orders set created_at = case
          when seq % 5 = 0 then '2026-05-03 12:00:00.000001+00'::timestamptz
          when seq % 5 = 1 then '2026-05-03 12:00:00.000002+00'::timestamptz
          else created_at end`);
    });

    const ORDERS = sql`select id from orders where true`;

    it('gives every order once, in the order of each sort', async () => {
      const sorts: Record<string, SQL> = {
        newest: sql`${ORDERS} order by created_at desc, seq desc`,
        oldest: sql`${ORDERS} order by created_at, seq`,
        'total-desc': sql`${ORDERS} order by total_cents desc, seq desc`,
        'total-asc': sql`${ORDERS} order by total_cents, seq`,
      };
      for (const [sort, expected] of Object.entries(sorts)) {
        const { items, total } = await walk<Item>('/api/admin/orders', AdminOrdersPage, { sort });
        expect(ids(items), sort).toEqual(await idsOf(expected));
        expect(total).toBe(18);
      }
      const { items } = await walk<Item & { total: number; lines?: unknown[]; number: string }>(
        '/api/admin/orders',
        AdminOrdersPage,
        { sort: 'total-desc' },
      );
      expect(items.map((o) => o.total)).toEqual(
        [...items.map((o) => o.total)].sort((a, b) => b - a),
      );
      // As the orders module answers them: numbers, and the lines of orders of several.
      expect(items.every((o) => /^PS-O-\d{6}$/.test(o.number))).toBe(true);
      expect(items.some((o) => o.lines?.length === 2)).toBe(true);
    });

    it('filters by state, payment and days, with the total of what it finds', async () => {
      const cases: [Record<string, string>, SQL][] = [
        [{ status: 'unpaid' }, sql`${ORDERS} and not paid and expired_at is null`],
        [{ status: 'expired' }, sql`${ORDERS} and expired_at is not null`],
        [
          { status: 'paid' },
          sql`${ORDERS} and paid and shipped_at is null and refunded_at is null`,
        ],
        [{ status: 'shipped' }, sql`${ORDERS} and shipped_at is not null and refunded_at is null`],
        [{ status: 'refunded' }, sql`${ORDERS} and refunded_at is not null`],
        [{ paid: 'true' }, sql`${ORDERS} and paid`],
        [{ paid: 'false' }, sql`${ORDERS} and not paid`],
        [
          { from: '2026-05-03', to: '2026-05-05' },
          sql`${ORDERS} and created_at >= '2026-05-03T00:00:00Z' and created_at < '2026-05-06T00:00:00Z'`,
        ],
        [{ from: '2026-05-08' }, sql`${ORDERS} and created_at >= '2026-05-08T00:00:00Z'`],
        [
          { to: '2026-05-03', paid: 'true' },
          sql`${ORDERS} and paid and created_at < '2026-05-04T00:00:00Z'`,
        ],
      ];
      let states = 0;
      for (const [params, where] of cases) {
        const { items, total } = await walk<Item>('/api/admin/orders', AdminOrdersPage, params);
        const want = await idsOf(sql`${where} order by created_at desc, seq desc`);
        expect(want.length, JSON.stringify(params)).toBeGreaterThan(0);
        expect(ids(items), JSON.stringify(params)).toEqual(want);
        expect(total).toBe(want.length);
        if ('status' in params && Object.keys(params).length === 1) states += total;
      }
      // One state each.
      expect(states).toBe(18);
      const swapped = await get('/api/admin/orders?from=2026-05-05&to=2026-05-03');
      expect(swapped.statusCode).toBe(400);
      expect((await get('/api/admin/orders?from=2026-5-3')).statusCode).toBe(400);
      expect((await get('/api/admin/orders?status=lost')).statusCode).toBe(400);
    });

    it("finds an order by its number, the buyer's e-mail or name, a line's part", async () => {
      const search = async (q: string) =>
        ids((await walk<Item>('/api/admin/orders', AdminOrdersPage, { q })).items);
      const [third] = await idsOf(sql`${ORDERS} and seq = (select min(seq) + 2 from orders)`);
      const number = String(
        (await rowsOf(sql`select number from orders where id = ${third}`))[0]!.number,
      );
      expect(await search(number)).toEqual([third]);
      expect(await search(number.toLowerCase())).toEqual([third]);
      expect(await search('cara@example')).toEqual(
        await idsOf(
          sql`${ORDERS} and user_email = 'cara@example.com' order by created_at desc, seq desc`,
        ),
      );
      expect(await search('number4')).toHaveLength(1);
      expect(await search('thermal paste')).toEqual(
        await idsOf(sql`${ORDERS} and line_count = 2 order by created_at desc, seq desc`),
      );
      expect(await search('sku-l7')).toHaveLength(1);
      const both = await search('number1 thermal');
      expect(both).toHaveLength(2);
      expect(both).toEqual(
        await idsOf(sql`${ORDERS} and line_count = 2 and user_name ilike '%number1%'
          order by created_at desc, seq desc`),
      );
      const filtered = (await get('/api/admin/orders?q=cara&status=unpaid')).json();
      expect(filtered.total).toBe(
        (
          await idsOf(
            sql`${ORDERS} and user_email = 'cara@example.com' and not paid and expired_at is null`,
          )
        ).length,
      );
    });

    it('refuses a bad cursor (400)', async () => {
      const page = (await get('/api/admin/orders?limit=2')).json();
      expect(
        (await get(`/api/admin/orders?sort=oldest&cursor=${page.nextCursor}`)).statusCode,
      ).toBe(400);
      expect((await get('/api/admin/orders?cursor=abc')).statusCode).toBe(400);
    });
  });

  describe('GET /api/admin/users', () => {
    beforeAll(async () => {
      await t.database.db.insert(users).values(
        Array.from({ length: 9 }, (_, i) => ({
          name: i % 3 === 0 ? 'Zed Same Name' : `Person ${i}`,
          email: `person${i}@shop.example`,
          role: i === 4 ? 'admin' : 'customer',
          createdAt: new Date(Date.UTC(2026, 0, 1 + (i % 4))),
        })),
      );
    });

    const USERS = sql`select id from ${users} where true`;

    it('gives every account once, in the order of each sort', async () => {
      const sorts: Record<string, SQL> = {
        newest: sql`${USERS} order by created_at desc, seq desc`,
        oldest: sql`${USERS} order by created_at, seq`,
        email: sql`${USERS} order by email`,
        name: sql`${USERS} order by name, seq`,
      };
      const count = (await idsOf(USERS)).length;
      expect(count).toBe(12);
      for (const [sort, expected] of Object.entries(sorts)) {
        const { items, total } = await walk<Item>('/api/admin/users', AdminUsersPage, { sort }, 2);
        expect(ids(items), sort).toEqual(await idsOf(expected));
        expect(total).toBe(count);
      }
    });

    it('finds by e-mail or name, and filters by role', async () => {
      const admins = await walk<Item & { email: string }>('/api/admin/users', AdminUsersPage, {
        role: 'admin',
      });
      expect(admins.items.map((u) => u.email).sort()).toEqual([
        'owner@example.com',
        'person4@shop.example',
      ]);
      const zeds = await walk<Item>('/api/admin/users', AdminUsersPage, { q: 'zed name' }, 2);
      expect(zeds.total).toBe(3);
      const one = await walk<Item>('/api/admin/users', AdminUsersPage, { q: 'PERSON7@' });
      expect(one.total).toBe(1);
      const customers = await walk<Item>('/api/admin/users', AdminUsersPage, {
        q: 'shop.example',
        role: 'customer',
      });
      expect(customers.total).toBe(8);
      expect((await get('/api/admin/users?role=owner')).statusCode).toBe(400);
    });
  });

  describe('GET /api/admin/quotes', () => {
    beforeAll(async () => {
      const { db } = t.database;
      const [placed] = await insertOrders(db, {
        name: 'Quoted order',
        image: '/images/parts/tool-driver-kit.svg',
        description: 'An accepted quote',
        unitPriceCents: 900,
        quantity: 2,
        userEmail: 'quoter@example.com',
        userName: 'Quinn Quoter',
        address: '1 Test Street, Springfield 12345',
        phone: '+1 555 010 0100',
        stockAfter: 5,
      });
      const soon = new Date(Date.now() + 7 * 86_400_000);
      const past = new Date(Date.now() - 86_400_000);
      const states = [
        {},
        { answeredAt: new Date(), validUntil: soon },
        { answeredAt: past, validUntil: past },
        { answeredAt: past, validUntil: soon, acceptedAt: new Date(), orderId: placed!.id },
      ];
      const rows = await db
        .insert(quotes)
        .values(
          Array.from({ length: 10 }, (_, i) => ({
            userEmail: i % 2 ? 'quoter@example.com' : `asker${i}@example.com`,
            userName: i % 2 ? 'Quinn Quoter' : `Asker ${i}`,
            message: 'How much for many?',
            createdAt: new Date(Date.UTC(2026, 6, 1 + (i % 3))),
            ...(i === 3 ? states[3] : states[i % 3]),
          })),
        )
        .returning();
      await db.insert(quoteLines).values(
        rows.map((q, i) => ({
          quoteId: q.id,
          position: 0,
          name: i % 4 === 0 ? 'Copper heat sink' : 'Steel bracket',
          image: '/images/parts/tool-driver-kit.svg',
          quantity: 100,
          listPriceCents: 500,
          unitPriceCents: q.answeredAt ? 450 : null,
        })),
      );
    });

    it('gives every quote once, newest or oldest first, with its lines', async () => {
      for (const [sort, order] of [
        ['newest', sql`order by created_at desc, seq desc`],
        ['oldest', sql`order by created_at, seq`],
      ] as const) {
        const { items, total } = await walk<Item & { lines: unknown[] }>(
          '/api/admin/quotes',
          AdminQuotesPage,
          { sort },
        );
        expect(ids(items)).toEqual(await idsOf(sql`select id from ${quotes} ${order}`));
        expect(total).toBe(10);
        expect(items.every((q) => q.lines.length === 1)).toBe(true);
      }
    });

    it('filters by where a quote stands, and finds its number, buyer or part', async () => {
      const byState: Record<string, number> = {};
      for (const state of ['requested', 'answered', 'accepted', 'expired']) {
        const { items, total } = await walk<Item & { status: string }>(
          '/api/admin/quotes',
          AdminQuotesPage,
          { state },
        );
        expect(items.every((q) => q.status === state)).toBe(true);
        byState[state] = total;
      }
      expect(byState).toEqual({ requested: 3, answered: 3, accepted: 1, expired: 3 });
      const [first] = await rowsOf(sql`select id, seq from ${quotes} order by seq limit 1`);
      const number = `Q-${String(first!.seq).padStart(6, '0')}`;
      const found = await walk<Item & { number: string }>('/api/admin/quotes', AdminQuotesPage, {
        q: number,
      });
      expect(found.items.map((q) => q.number)).toEqual([number]);
      expect((await walk<Item>('/api/admin/quotes', AdminQuotesPage, { q: 'quinn' })).total).toBe(
        5,
      );
      expect((await walk<Item>('/api/admin/quotes', AdminQuotesPage, { q: 'copper' })).total).toBe(
        3,
      );
      expect(
        (await walk<Item>('/api/admin/quotes', AdminQuotesPage, { q: 'asker', state: 'requested' }))
          .total,
      ).toBe(
        (
          await idsOf(
            sql`select id from ${quotes} where user_name like 'Asker%' and answered_at is null and order_id is null`,
          )
        ).length,
      );
    });
  });

  describe('GET /api/admin/reviews', () => {
    beforeAll(async () => {
      const rows = await insertReviews(
        t.database.db,
        Array.from({ length: 11 }, (_, i) => ({
          name: i % 2 ? 'Rita Reviewer' : `Reviewer ${i}`,
          type: i % 3 === 0 ? 'The anvil rings true' : 'Solid parts, fast shipping',
          rating: 1 + (i % 5),
          userId: i === 1 ? customer.user.id : null,
          hiddenAt: i % 4 === 0 ? new Date() : null,
          createdAt: new Date(Date.UTC(2026, 1, 1 + (i % 3))),
        })),
      );
      expect(rows).toHaveLength(11);
    });

    it('gives every review once, in the order of each sort', async () => {
      const R = sql`select id from ${reviews}`;
      const sorts: Record<string, SQL> = {
        newest: sql`${R} order by created_at desc, id desc`,
        oldest: sql`${R} order by created_at, id`,
        'rating-desc': sql`${R} order by rating desc, created_at desc, id desc`,
        'rating-asc': sql`${R} order by rating, created_at, id`,
      };
      for (const [sort, expected] of Object.entries(sorts)) {
        const { items, total } = await walk<Item>('/api/admin/reviews', AdminReviewsPage, { sort });
        expect(ids(items), sort).toEqual(await idsOf(expected));
        expect(total).toBe(11);
      }
      const { items } = await walk<Item & { authorEmail: string | null }>(
        '/api/admin/reviews',
        AdminReviewsPage,
      );
      expect(items.filter((r) => r.authorEmail).map((r) => r.authorEmail)).toEqual([
        'cara@example.com',
      ]);
    });

    it('filters hidden or shown, and finds the name or the words', async () => {
      const hidden = await walk<Item & { hidden: boolean }>(
        '/api/admin/reviews',
        AdminReviewsPage,
        {
          hidden: 'true',
        },
      );
      expect(hidden.total).toBe(3);
      expect(hidden.items.every((r) => r.hidden)).toBe(true);
      const shown = await walk<Item>('/api/admin/reviews', AdminReviewsPage, { hidden: 'false' });
      expect(shown.total).toBe(8);
      expect((await walk<Item>('/api/admin/reviews', AdminReviewsPage, { q: 'rita' })).total).toBe(
        5,
      );
      expect(
        (
          await walk<Item>('/api/admin/reviews', AdminReviewsPage, {
            q: 'anvil rings',
            hidden: '1',
          })
        ).total,
      ).toBe(
        (
          await idsOf(
            sql`select id from ${reviews} where type like '%anvil%' and hidden_at is not null`,
          )
        ).length,
      );
      expect((await get('/api/admin/reviews?hidden=maybe')).statusCode).toBe(400);
    });
  });

  it('answers a careless search or filter with a page or a 400, never a 5xx', async () => {
    const texts = ['\u0000', "' OR 1=1 --", '%_\\', 'x'.repeat(100), 'x'.repeat(101), '🦀 ß', ' '];
    for (const path of ['parts', 'orders', 'users', 'quotes', 'reviews']) {
      for (const q of texts) {
        const res = await get(`/api/admin/${path}?q=${encodeURIComponent(q)}`);
        expect([200, 400], `${path} ${JSON.stringify(q)}`).toContain(res.statusCode);
        if (q === "' OR 1=1 --") expect(res.json().items).toEqual([]);
      }
      expect((await get(`/api/admin/${path}?sort=random`)).statusCode).toBe(400);
    }
  });

  it('answers only admins: 403 for a customer, 401 for anyone else', async () => {
    for (const path of ['parts', 'orders', 'users', 'quotes', 'reviews']) {
      expect((await get(`/api/admin/${path}`, customer.cookie)).statusCode, path).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: `/api/admin/${path}` })).statusCode).toBe(
        401,
      );
      expect((await get(`/api/admin/${path}`)).statusCode).toBe(200);
    }
  });
});
