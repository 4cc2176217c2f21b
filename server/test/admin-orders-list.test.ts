import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AdminOrdersPage } from '@partsmith/contract/admin-lists';
import { DB_KINDS } from './helpers.ts';
import { adminListsSuite, orderOnTerms, seedOrders, type Item } from './admin-lists-helpers.ts';
import { insertOrders } from './order-rows.ts';

// The admins' table of orders: every order once, in the order of each sort; its filters by
// state, payment and days, its search and its counts; a refused cursor.
describe.each(DB_KINDS)('the admin tables on %s', (kind) => {
  const { shop, rowsOf, idsOf, get, walk, ids } = adminListsSuite(kind);

  describe('GET /api/admin/orders', () => {
    beforeAll(() => seedOrders(shop()));

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

    // Last: it adds orders on a company's account, which the tests above do not count.
    it('to-ship: the paid orders and those on account, not shipped, cancelled or refunded', async () => {
      const onTerms = (n: number, over: Record<string, unknown> = {}) =>
        orderOnTerms(n, `INV-S${n}`, { createdAt: new Date(Date.UTC(2026, 4, 20 + n)), ...over });
      await insertOrders(shop().t.database.db, [
        onTerms(1),
        onTerms(2, { shippedAt: new Date() }),
        onTerms(3, { refundedAt: new Date() }),
        onTerms(4, { expiredAt: new Date() }),
        // Paid on account since: to ship all the same.
        onTerms(5, { paid: true, paidAt: new Date(), transactionId: 'invoice:INV-S5' }),
        // Waiting for its company's approver: no invoice yet, nothing to ship.
        onTerms(6, { invoiceNumber: null, approval: 'pending' }),
      ]);
      const { items, total } = await walk<Item>('/api/admin/orders', AdminOrdersPage, {
        status: 'to-ship',
      });
      const want = await idsOf(
        sql`${ORDERS} and shipped_at is null and refunded_at is null and expired_at is null
          and (paid or (payment_method = 'invoice' and invoice_number is not null))
          order by created_at desc, seq desc`,
      );
      expect(ids(items)).toEqual(want);
      expect(total).toBe(want.length);
      // The seed's 4 paid orders, and INV-S1 and INV-S5 on account.
      expect(want).toHaveLength(6);
      const names = (items as unknown as { name: string }[]).map((item) => item.name);
      expect(names.slice(0, 2)).toEqual(['Terms part 5', 'Terms part 1']);
    });
  });
});
