import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Sales } from '@partsmith/contract';
import { orders, parts } from '../src/db/schema/index.ts';
import { insertPart } from '../src/db/seed/factories.ts';
import { ordersCsv } from '../src/modules/insights/service.ts';
import { DB_KINDS, type TestApp, recordingMailer } from './helpers.ts';
import { ADDRESS, PHONE, openOwnerTools } from './insights-helpers.ts';
import { insertOrders } from './order-rows.ts';

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

// The owner's figures and export; the low-stock alerts are in low-stock.test.ts.
describe.each(DB_KINDS)('the owner’s tools on %s', (kind) => {
  let t: TestApp;
  let owner: string;
  let buyers: { cookie: string }[];
  const { mailer, mails } = recordingMailer();

  beforeAll(async () => {
    ({ t, owner, buyers } = await openOwnerTools(kind, mailer, mails));
  });
  afterAll(() => t.close());

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
        // Some paid orders refunded; some unpaid ones on a company's account (invoiced on terms),
        // of which some shipped.
        const refunded = state >= 0.5 && state < 0.6;
        const onAccount = state >= 0.6 && state < 0.7;
        const unitPriceCents = part.priceCents + Math.floor(random() * 3) * 100;
        const quantity = 1 + Math.floor(random() * 5);
        // Two orders in three ship by a method; every other one pays Texas sales tax.
        const shippingCents = i % 3 === 0 ? 0 : 500 + (i % 7) * 125;
        const taxCents = i % 2 === 0 ? Math.round(unitPriceCents * quantity * 0.0825) : 0;
        return {
          partId: part.id,
          name: part.name,
          image: part.image,
          description: part.description,
          unitPriceCents,
          quantity,
          shippingCents,
          shippingMethodId: shippingCents ? '6f1c1a52-35a6-4d5c-9b0e-0a7f2c1d3e4f' : null,
          shippingMethodName: shippingCents ? 'Ground' : null,
          taxCents,
          taxes: taxCents ? [{ name: 'Texas sales tax', rate: 8.25, amountCents: taxCents }] : [],
          userEmail: `figures${i % 17}@example.com`,
          userName: `Figures Buyer ${i % 17}`,
          address: ADDRESS,
          phone: PHONE,
          stockAfter: 0,
          paid,
          transactionId: paid ? `pi_figures_${i}` : null,
          paidAt: paid ? new Date(now - random() * 100 * DAY_MS) : null,
          shippedAt: (paid && state < 0.3) || (onAccount && i % 2 === 0) ? new Date(now) : null,
          paymentMethod: onAccount ? 'invoice' : 'card',
          invoiceNumber: onAccount || paid ? `PS-2025-${String(100_000 + i)}` : null,
          refundedAt: refunded ? new Date(now) : null,
          creditNoteNumber: refunded ? `CN-2025-${String(100_000 + i)}` : null,
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
        // Revenue is the paid orders' that were not refunded since.
        const paid = inSpan.filter((o) => o.paid && !o.refundedAt);
        expect(inSpan.some((o) => o.paid && o.refundedAt)).toBe(true);
        expect(inSpan.some((o) => o.paymentMethod === 'invoice' && !o.shippedAt)).toBe(true);
        expect(inSpan.some((o) => o.paymentMethod === 'invoice' && o.shippedAt)).toBe(true);
        // Revenue is the parts sold: shipping and sales tax are counted on their own.
        const cents = (o: (typeof all)[number]) => o.unitPriceCents * o.quantity;
        const revenueCents = paid.reduce((sum, o) => sum + cents(o), 0);
        const shippingCents = paid.reduce((sum, o) => sum + o.shippingCents, 0);
        const taxCents = paid.reduce((sum, o) => sum + o.taxCents, 0);
        expect(shippingCents).toBeGreaterThan(0);
        expect(taxCents).toBeGreaterThan(0);
        expect(paid.reduce((sum, o) => sum + o.totalCents, 0)).toBe(
          revenueCents + shippingCents + taxCents,
        );

        expect(sales.days).toBe(days);
        expect(sales.revenueByDay).toHaveLength(days);
        expect(sales.from).toBe(new Date(from).toISOString().slice(0, 10));
        expect(sales.to).toBe(new Date(today).toISOString().slice(0, 10));
        expect(sales.paidOrders).toBe(paid.length);
        expect(Math.round(sales.revenue * 100)).toBe(revenueCents);
        expect(Math.round(sales.shipping * 100)).toBe(shippingCents);
        expect(Math.round(sales.tax * 100)).toBe(taxCents);
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
        // One state each: to ship is Manage Orders' `to-ship` (paid, or on account, and neither
        // shipped nor refunded); a refunded or expired order is in none.
        const live = inSpan.filter((o) => !o.refundedAt && !o.expiredAt);
        const onAccount = (o: (typeof all)[number]) => o.paymentMethod === 'invoice';
        expect(sales.ordersByState).toEqual({
          unpaid: live.filter((o) => !o.paid && !onAccount(o) && !o.shippedAt).length,
          paid: live.filter((o) => (o.paid || onAccount(o)) && !o.shippedAt).length,
          shipped: live.filter((o) => o.shippedAt).length,
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
        shippingCents: 1_250,
        shippingMethodId: '6f1c1a52-35a6-4d5c-9b0e-0a7f2c1d3e4f',
        shippingMethodName: 'UPS Ground',
        taxCents: 305,
        taxes: [{ name: 'Texas sales tax', rate: 8.25, amountCents: 305 }],
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
        'order_number',
        'part_number',
        'subtotal',
        'shipping',
        'tax',
        'total',
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
          order!.number,
          // Written straight into the database, as a line from before part numbers.
          '',
          // The order's money: order_total stays the lines' sum; total adds shipping and tax.
          '37.02',
          '12.50',
          '3.05',
          '52.57',
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
      // An order without shipping or tax: subtotal and total are its line.
      expect(late[0]!.slice(-4)).toEqual(['1.00', '0.00', '0.00', '1.00']);
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
