import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AdminWaiting } from '@partsmith/contract';
import { contactMessages, orders } from '../src/db/schema/index.ts';
import { ONE_DB } from './helpers.ts';
import {
  adminListsSuite,
  orderOnTerms,
  seedOrders,
  seedParts,
  seedQuotes,
} from './admin-lists-helpers.ts';
import { insertOrders } from './order-rows.ts';

// The dashboard's "Waiting for you": each count is what the list it links to finds (its
// `total`), and what a plain count of the rows says; it follows the staff's work (an order
// shipped, a message handled). Plain counts whose answers do not depend on the database: PGlite.
describe.each(ONE_DB)('what waits for the staff on %s', (kind) => {
  const { shop, get, rowsOf } = adminListsSuite(kind);

  const waiting = async () => {
    const res = await get('/api/admin/waiting');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return AdminWaiting.parse(res.json());
  };
  /** The `total` of an admin list with these filters. */
  const listTotal = async (path: string) => {
    const res = await get(`${path}${path.includes('?') ? '&' : '?'}limit=1`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { total: number }).total;
  };
  const count = async (query: ReturnType<typeof sql>) => Number((await rowsOf(query))[0]!.n);

  beforeAll(async () => {
    await seedParts(shop());
    await seedOrders(shop());
    await seedQuotes(shop());
    const { db } = shop().t.database;
    await db.insert(contactMessages).values(
      ['Bulk fans', 'Warranty', 'Invoice copy', 'Thanks'].map((subject, i) => ({
        email: `writer${i}@example.com`,
        subject,
        message: `About ${subject}.`,
        handledAt: i === 3 ? new Date() : null,
      })),
    );
    // Two invoices on terms, one past its due date; a third past it but cancelled (owes nothing).
    const onTerms = (n: number, dueDate: string, expiredAt: Date | null = null) =>
      orderOnTerms(n, `INV-T${n}`, { dueDate, expiredAt });
    await insertOrders(db, [
      onTerms(1, '2026-01-15'),
      onTerms(2, '2999-01-15'),
      onTerms(3, '2026-01-15', new Date()),
    ]);
  });

  it('counts each as its list finds it, and as the rows say', async () => {
    const now = await waiting();
    expect(now).toEqual({
      ordersToShip: await listTotal('/api/admin/orders?status=to-ship'),
      quotesToAnswer: await listTotal('/api/admin/quotes?state=requested'),
      newMessages: await listTotal('/api/admin/messages?handled=false'),
      overdueInvoices: 1,
      lowStockParts: await count(
        sql`select count(*) as n from parts where deleted_at is null
          and available_quantity < coalesce(low_stock_threshold, 2 * min_order_quantity)`,
      ),
    });
    // The seeds' own numbers: 4 paid orders not shipped or refunded and 2 on a company's account
    // (the third was cancelled), 3 quotes not answered, 3 messages not handled, and of the 24
    // parts those with 0, 3 or 7 in stock (their alert 4 or 10) but not those with 50.
    expect(now).toMatchObject({ ordersToShip: 6, quotesToAnswer: 3, newMessages: 3 });
    expect(await listTotal('/api/admin/orders?status=paid')).toBe(4);
    expect(
      await count(
        sql`select count(*) as n from orders where shipped_at is null and refunded_at is null
          and (paid or (payment_method = 'invoice' and invoice_number is not null and expired_at is null))`,
      ),
    ).toBe(6);
    expect(now.lowStockParts).toBe(16);
  });

  it('follows the work: an order shipped, a message handled, a part restocked', async () => {
    const before = await waiting();
    const { db } = shop().t.database;
    // A paid order and one on account shipped.
    for (const shipping of [
      sql`select id from orders where paid and shipped_at is null and refunded_at is null limit 1`,
      sql`select id from orders where invoice_number = 'INV-T2'`,
    ]) {
      const [toShip] = await rowsOf(shipping);
      const shipped = await shop().t.app.inject({
        method: 'PUT',
        url: `/api/changeStatus/${String(toShip!.id)}`,
        headers: { cookie: shop().admin },
      });
      expect(shipped.statusCode, shipped.body).toBe(200);
    }
    const [message] = await rowsOf(
      sql`select id from contact_messages where handled_at is null limit 1`,
    );
    const handled = await shop().t.app.inject({
      method: 'PATCH',
      url: `/api/admin/messages/${String(message!.id)}`,
      headers: { cookie: shop().admin },
      payload: { handled: true },
    });
    expect(handled.statusCode, handled.body).toBe(200);
    await db
      .update(orders)
      .set({ dueDate: '2999-12-31' })
      .where(eq(orders.invoiceNumber, 'INV-T1'));

    expect(await waiting()).toEqual({
      ...before,
      ordersToShip: before.ordersToShip - 2,
      newMessages: before.newMessages - 1,
      overdueInvoices: 0,
    });
  });

  it('answers only admins', async () => {
    expect((await shop().t.app.inject('/api/admin/waiting')).statusCode).toBe(401);
    expect((await get('/api/admin/waiting', shop().customer.cookie)).statusCode).toBe(403);
  });
});
