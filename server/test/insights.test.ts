import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { Part, Sales } from '@partsmith/contract';
import { lowStockMails, orders, parts } from '../src/db/schema/index.ts';
import { insertPart } from '../src/db/seed/factories.ts';
import { ordersCsv } from '../src/modules/insights/service.ts';
import { DB_KINDS, buildTestApp, type TestApp, recordingMailer } from './helpers.ts';
import { signUp } from './auth-helpers.ts';
import { insertOrders } from './order-rows.ts';

const ADDRESS = '1 Main Street, Springfield, IL 62701';
const PHONE = '+1 (217) 555-0100';
const DAY_MS = 86_400_000;

/** RFC 4180: fields split on commas, quoted fields may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

describe.each(DB_KINDS)('the owner’s tools on %s', (kind) => {
  let t: TestApp;
  let owner: string;
  let buyers: { cookie: string }[];
  const { sent, mailer, mails } = recordingMailer();
  const lowStockMailsSent = () => sent.filter((m) => m.subject.startsWith('Low stock:'));

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: { ADMIN_EMAILS: 'owner@example.com,boss@example.com' },
      deps: { mailer },
    });
    owner = (await signUp(t, { email: 'owner@example.com', name: 'Owner', mails })).cookie;
    await signUp(t, { email: 'boss@example.com', name: 'Boss', mails });
    buyers = await Promise.all(
      ['ann', 'ben', 'cat', 'dan'].map((n) => signUp(t, { email: `${n}@example.com`, mails })),
    );
  });
  afterAll(() => t.close());

  const buy = (partId: string, quantity: number, buyer = buyers[0]!) =>
    t.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: { cookie: buyer.cookie },
      payload: { partId, quantity, address: ADDRESS, phone: PHONE },
    });
  const partRow = async (id: string) =>
    (await t.database.db.select().from(parts).where(eq(parts.id, id)))[0]!;
  /** Every queued low-stock mail sent (the purchases poke the sender; this waits for it). */
  const settle = async () => {
    await vi.waitFor(async () =>
      expect(await t.database.db.select().from(lowStockMails)).toEqual([]),
    );
    await t.app.lowStockMails.drain();
  };
  const patch = (id: string, body: object, cookie = owner) =>
    t.app.inject({ method: 'PATCH', url: `/api/tools/${id}`, headers: { cookie }, payload: body });

  describe('low-stock alerts', () => {
    it('mails the admins once when a purchase takes the stock below the threshold, again only after a restock above it', async () => {
      const part = await insertPart(t.database.db, {
        name: 'Alert Fan 120',
        availableQuantity: 10,
        minOrderQuantity: 1,
        lowStockThreshold: 5,
      });
      const before = lowStockMailsSent().length;
      expect((await buy(part.id, 4)).statusCode).toBe(200); // 6: not below
      await settle();
      expect(lowStockMailsSent()).toHaveLength(before);
      expect((await partRow(part.id)).lowStockAlertedAt).toBeNull();

      expect((await buy(part.id, 2)).statusCode).toBe(200); // 4: below, crossed
      expect((await buy(part.id, 1)).statusCode).toBe(200); // 3: still below, no new mail
      await settle();
      const first = lowStockMailsSent().slice(before);
      expect(first).toHaveLength(1);
      expect(first[0]!.to).toBe('owner@example.com, boss@example.com');
      expect(first[0]!.subject).toBe('Low stock: Alert Fan 120 (4 left)');
      expect(first[0]!.text).toContain('Stock: 4\n');
      expect(first[0]!.text).toContain('Threshold: 5\n');
      expect(first[0]!.text).toContain(`${t.config.publicUrl}/dashboard/manage-products`);
      expect((await partRow(part.id)).lowStockAlertedAt).toBeInstanceOf(Date);

      // The admin restocks to the threshold or above: re-armed; the next fall below mails again.
      expect((await patch(part.id, { availableQuantity: 7 })).statusCode).toBe(200);
      expect((await partRow(part.id)).lowStockAlertedAt).toBeNull();
      expect((await buy(part.id, 3)).statusCode).toBe(200); // 4: below again
      await settle();
      expect(lowStockMailsSent().slice(before)).toHaveLength(2);
      expect(lowStockMailsSent().at(-1)!.subject).toBe('Low stock: Alert Fan 120 (4 left)');
    });

    it('re-arms when a deleted order puts the stock back to the threshold or above', async () => {
      const part = await insertPart(t.database.db, {
        name: 'Alert Cable',
        availableQuantity: 6,
        minOrderQuantity: 1,
        lowStockThreshold: 5,
      });
      const before = lowStockMailsSent().length;
      const res = await buy(part.id, 2); // 4: crossed
      expect(res.statusCode).toBe(200);
      await settle();
      expect(lowStockMailsSent()).toHaveLength(before + 1);
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/orders/${res.json().insertedId}`,
        headers: { cookie: buyers[0]!.cookie },
      });
      expect(deleted.statusCode).toBe(200);
      const back = await partRow(part.id);
      expect(back.availableQuantity).toBe(6);
      expect(back.lowStockAlertedAt).toBeNull();
      expect((await buy(part.id, 2)).statusCode).toBe(200);
      await settle();
      expect(lowStockMailsSent()).toHaveLength(before + 2);
    });

    it('of many purchases crossing at once, exactly one mails', async () => {
      const part = await insertPart(t.database.db, {
        name: 'Alert Rush SSD',
        availableQuantity: 24,
        minOrderQuantity: 1,
        lowStockThreshold: 12,
      });
      const before = lowStockMailsSent().length;
      const answers = await Promise.all(
        Array.from({ length: 24 }, (_, i) => buy(part.id, 1, buyers[i % buyers.length])),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(24).fill(200));
      await settle();
      expect((await partRow(part.id)).availableQuantity).toBe(0);
      const mailed = lowStockMailsSent().slice(before);
      expect(mailed).toHaveLength(1);
      expect(mailed[0]!.subject).toBe('Low stock: Alert Rush SSD (11 left)');
    });

    it('takes twice the minimum order by default; admins set, reset and see the threshold', async () => {
      const added = await t.app.inject({
        method: 'POST',
        url: '/api/addParts',
        headers: { cookie: owner },
        payload: {
          name: 'Alert Default PSU',
          description: 'A power supply.',
          image: '/images/parts/tool-driver-kit.svg',
          price: 59.99,
          availableQuantity: 30,
          minOrderQuantity: 3,
        },
      });
      expect(added.statusCode).toBe(200);
      const id = added.json().insertedId as string;
      const read = async () => {
        const res = await t.app.inject(`/api/part/${id}`);
        return Part.parse(res.json()).lowStockThreshold;
      };
      expect(await read()).toBe(6);
      expect((await patch(id, { lowStockThreshold: 40 })).statusCode).toBe(200);
      expect(await read()).toBe(40);
      // Raised above the stock by the admin: marked (listed), not mailed.
      expect((await partRow(id)).lowStockAlertedAt).toBeInstanceOf(Date);
      expect((await patch(id, { lowStockThreshold: null })).statusCode).toBe(200);
      expect(await read()).toBe(6);
      expect((await partRow(id)).lowStockAlertedAt).toBeNull();
      expect((await patch(id, { lowStockThreshold: -1 })).statusCode).toBe(400);

      const withOwn = await t.app.inject({
        method: 'POST',
        url: '/api/addParts',
        headers: { cookie: owner },
        payload: {
          name: 'Alert Own Threshold',
          description: 'A part with its own threshold.',
          image: '/images/parts/tool-driver-kit.svg',
          price: 9.99,
          availableQuantity: 3,
          minOrderQuantity: 1,
          lowStockThreshold: 5,
        },
      });
      expect(withOwn.statusCode).toBe(200);
      const own = await partRow(withOwn.json().insertedId);
      expect(own).toMatchObject({ lowStockThreshold: 5, availableQuantity: 3 });
      expect(own.lowStockAlertedAt).toBeInstanceOf(Date);
    });
  });

  describe('access', () => {
    it('answers only admins: 401 without a session, 403 for a customer', async () => {
      for (const url of ['/api/admin/sales?days=30', '/api/allPurchases.csv']) {
        expect((await t.app.inject(url)).statusCode, url).toBe(401);
        const res = await t.app.inject({ url, headers: { cookie: buyers[0]!.cookie } });
        expect(res.statusCode, url).toBe(403);
      }
      const bad = await t.app.inject({
        url: '/api/admin/sales?days=7',
        headers: { cookie: owner },
      });
      expect(bad.statusCode).toBe(400);
      const backwards = await t.app.inject({
        url: '/api/allPurchases.csv?from=2025-02-01&to=2025-01-01',
        headers: { cookie: owner },
      });
      expect(backwards.statusCode).toBe(400);
    });
  });

  describe('figures and export', () => {
    let generated: { id: string }[] = [];

    beforeAll(async () => {
      const db = t.database.db;
      const catalogue = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          insertPart(db, {
            name: `Figures Part ${i}`,
            priceCents: 500 + i * 137,
            availableQuantity: 1000,
          }),
        ),
      );
      // A fixed pseudo-random sequence: the same orders every run.
      let seed = 7;
      const random = () => {
        seed = (seed * 48271) % 2147483647;
        return seed / 2147483647;
      };
      const now = Date.now();
      const rows = Array.from({ length: 600 }, (_, i) => {
        const part = catalogue[Math.floor(random() * catalogue.length)]!;
        const state = random();
        const paid = state < 0.6;
        return {
          partId: part.id,
          name: part.name,
          image: part.image,
          description: part.description,
          unitPriceCents: part.priceCents + Math.floor(random() * 3) * 100,
          quantity: 1 + Math.floor(random() * 5),
          userEmail: `figures${i % 17}@example.com`,
          userName: `Figures Buyer ${i % 17}`,
          address: ADDRESS,
          phone: PHONE,
          stockAfter: 0,
          paid,
          transactionId: paid ? `pi_figures_${i}` : null,
          paidAt: paid ? new Date(now - random() * 100 * DAY_MS) : null,
          shippedAt: paid && state < 0.3 ? new Date(now) : null,
          expiredAt: !paid && state > 0.9 ? new Date(now) : null,
          // From 100 days ago to now: some outside both spans.
          createdAt: new Date(now - random() * 100 * DAY_MS),
        };
      });
      generated = await insertOrders(db, rows);
    });

    it.each([30, 90])(
      'GET /api/admin/sales?days=%i equals a brute-force count over every order',
      async (days) => {
        const res = await t.app.inject({
          url: `/api/admin/sales?days=${days}`,
          headers: { cookie: owner },
        });
        expect(res.statusCode).toBe(200);
        const sales = Sales.parse(res.json());
        const now = new Date();
        const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
        const from = today - (days - 1) * DAY_MS;
        const all = await t.database.db.select().from(orders);
        const inSpan = all.filter((o) => o.createdAt.getTime() >= from);
        const paid = inSpan.filter((o) => o.paid);
        const cents = (o: (typeof all)[number]) => o.unitPriceCents * o.quantity;
        const revenueCents = paid.reduce((sum, o) => sum + cents(o), 0);

        expect(sales.days).toBe(days);
        expect(sales.revenueByDay).toHaveLength(days);
        expect(sales.from).toBe(new Date(from).toISOString().slice(0, 10));
        expect(sales.to).toBe(new Date(today).toISOString().slice(0, 10));
        expect(sales.paidOrders).toBe(paid.length);
        expect(Math.round(sales.revenue * 100)).toBe(revenueCents);
        expect(Math.round(sales.averageOrderValue * 100)).toBe(
          Math.round(revenueCents / paid.length),
        );
        for (const [i, day] of sales.revenueByDay.entries()) {
          const start = from + i * DAY_MS;
          expect(day.day).toBe(new Date(start).toISOString().slice(0, 10));
          const that = paid.filter(
            (o) => o.createdAt.getTime() >= start && o.createdAt.getTime() < start + DAY_MS,
          );
          expect(Math.round(day.revenue * 100), day.day).toBe(
            that.reduce((sum, o) => sum + cents(o), 0),
          );
          expect(day.orders, day.day).toBe(that.length);
        }
        expect(sales.ordersByState).toEqual({
          unpaid: inSpan.filter((o) => !o.paid && !o.expiredAt).length,
          paid: inSpan.filter((o) => o.paid && !o.shippedAt).length,
          shipped: inSpan.filter((o) => o.shippedAt).length,
        });

        const byPart = new Map<string, { revenue: number; quantity: number }>();
        for (const o of paid) {
          const entry = byPart.get(o.partId!) ?? { revenue: 0, quantity: 0 };
          entry.revenue += cents(o);
          entry.quantity += o.quantity;
          byPart.set(o.partId!, entry);
        }
        const expectedTop = [...byPart.values()].map((p) => p.revenue).sort((a, b) => b - a);
        expect(sales.topParts.map((p) => Math.round(p.revenue * 100))).toEqual(
          expectedTop.slice(0, 5),
        );
        for (const top of sales.topParts) {
          expect(Math.round(top.revenue * 100)).toBe(byPart.get(top.partId!)!.revenue);
          expect(top.quantity).toBe(byPart.get(top.partId!)!.quantity);
        }

        const listed = await t.database.db.select().from(parts);
        const below = listed.filter(
          (p) =>
            !p.deletedAt && p.availableQuantity < (p.lowStockThreshold ?? 2 * p.minOrderQuantity),
        );
        expect(sales.lowStock.map((p) => p._id).sort()).toEqual(below.map((p) => p.id).sort());
        for (const p of sales.lowStock) {
          const row = below.find((b) => b.id === p._id)!;
          expect(p.availableQuantity).toBe(row.availableQuantity);
          expect(p.lowStockThreshold).toBe(row.lowStockThreshold ?? 2 * row.minOrderQuantity);
        }
      },
    );

    it('exports the orders of a date range as CSV that parses back, quoted and with formulas neutralised', async () => {
      const tricky = await insertPart(t.database.db, { name: '=HYPERLINK("http://x","y")' });
      const createdAt = new Date('2021-03-04T10:00:00.000Z');
      const [order] = await insertOrders(t.database.db, {
        partId: tricky.id,
        name: tricky.name,
        image: tricky.image,
        description: tricky.description,
        unitPriceCents: 1234,
        quantity: 3,
        userEmail: '+cmd@example.com',
        userName: 'Smith, "Junior"\nSecond line',
        address: ADDRESS,
        phone: PHONE,
        stockAfter: 0,
        paid: true,
        transactionId: 'pi_csv_tricky',
        paidAt: new Date('2021-03-04T10:05:00.000Z'),
        createdAt,
      });
      // One the day after `to`, one the day before `from`: both left out.
      await insertOrders(
        t.database.db,
        ['2021-03-02T23:59:59.999Z', '2021-03-06T00:00:00.000Z'].map((at, i) => ({
          name: '@SUM(A1)',
          image: tricky.image,
          description: 'x',
          unitPriceCents: 100,
          quantity: 1,
          userEmail: `outside${i}@example.com`,
          userName: '-1+2',
          address: ADDRESS,
          phone: PHONE,
          stockAfter: 0,
          createdAt: new Date(at),
        })),
      );

      const res = await t.app.inject({
        url: '/api/allPurchases.csv?from=2021-03-03&to=2021-03-05',
        headers: { cookie: owner },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="partsmith-orders-2021-03-03-to-2021-03-05.csv"',
      );
      expect(res.body.startsWith('\uFEFF')).toBe(true);
      const [header, ...rows] = parseCsv(res.body.slice(1));
      expect(header).toEqual([
        'order_id',
        'created_at',
        'paid',
        'paid_at',
        'status',
        'shipped_at',
        'customer_email',
        'customer_name',
        'line',
        'part_id',
        'part_name',
        'quantity',
        'unit_price',
        'line_total',
        'order_total',
      ]);
      expect(rows).toEqual([
        [
          order!.id,
          '2021-03-04T10:00:00.000Z',
          'yes',
          '2021-03-04T10:05:00.000Z',
          'paid',
          '',
          "'+cmd@example.com",
          'Smith, "Junior"\nSecond line',
          '1',
          tricky.id,
          `'=HYPERLINK("http://x","y")`,
          '3',
          '12.34',
          '37.02',
          '37.02',
        ],
      ]);
      expect(res.body).toContain('"\'=HYPERLINK(""http://x"",""y"")"');

      const outside = await t.app.inject({
        url: '/api/allPurchases.csv?from=2021-03-06&to=2021-03-06',
        headers: { cookie: owner },
      });
      const [, ...late] = parseCsv(outside.body.slice(1));
      expect(late).toHaveLength(1);
      expect(late[0]![6]).toBe('outside1@example.com');
      expect(late[0]![7]).toBe("'-1+2");
      expect(late[0]![10]).toBe("'@SUM(A1)");
      expect(late[0]![4]).toBe('unpaid');
    });

    it('streams every order of a large range, oldest first, a page at a time', async () => {
      const res = await t.app.inject({ url: '/api/allPurchases.csv', headers: { cookie: owner } });
      expect(res.statusCode).toBe(200);
      // Streamed: no length known up front.
      expect(res.headers['content-length']).toBeUndefined();
      const [, ...rows] = parseCsv(res.body.slice(1));
      const all = await t.database.db.select({ id: orders.id }).from(orders);
      // A row per order line: these orders have one each.
      expect(rows).toHaveLength(all.length);
      expect(new Set(rows.map((r) => r[0]))).toEqual(new Set(all.map((o) => o.id)));
      for (const { id } of generated) expect(rows.some((r) => r[0] === id)).toBe(true);
      const times = rows.map((r) => Date.parse(r[1]!));
      expect(times).toEqual(times.toSorted((a, b) => a - b));

      // The export reads pages of 1000 orders: more than one page here, each a chunk.
      expect(all.length).toBeGreaterThan(600);
      const extra = Array.from({ length: 1100 }, (_, i) => ({
        name: `Bulk ${i}`,
        image: '/images/parts/tool-driver-kit.svg',
        description: 'x',
        unitPriceCents: 100,
        quantity: 1,
        userEmail: `bulk${i}@example.com`,
        userName: 'Bulk',
        address: ADDRESS,
        phone: PHONE,
        stockAfter: 0,
        // Many at one instant: the keyset's second key (seq) keeps each once.
        createdAt: new Date('2020-01-01T00:00:00.000Z'),
      }));
      await insertOrders(t.database.db, extra);
      const chunks: string[] = [];
      for await (const chunk of ordersCsv(t.database.db, {
        from: new Date('2020-01-01T00:00:00.000Z'),
        to: new Date('2020-01-02T00:00:00.000Z'),
      }))
        chunks.push(chunk);
      expect(chunks).toHaveLength(3); // the header, 1000 orders, 100 orders
      const ids = chunks
        .slice(1)
        .join('')
        .split('\r\n')
        .filter(Boolean)
        .map((line) => line.split(',')[0]);
      expect(ids).toHaveLength(1100);
      expect(new Set(ids).size).toBe(1100);
    });
  });
});
