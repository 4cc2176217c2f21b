import { describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { auditLog, orderMails, orders } from '../src/db/schema/index.ts';
import { ONE_DB } from './helpers.ts';
import { pdfText } from './pdf-text.ts';
import { paidOrderSuite } from './paid-order-helpers.ts';

// Packing slips (admins): one order's, and every order's waiting to be shipped in one file. What
// they print does not depend on the database: PGlite alone.
describe.each(ONE_DB)('packing slips on %s', (kind) => {
  const { shop, order, fillCart, pay, checkout } = paidOrderSuite(kind);
  const get = (url: string, cookie = shop().owner.cookie) =>
    shop().t.app.inject({ url, headers: { cookie } });
  const slip = (id: string, cookie?: string) => get(`/api/orders/${id}/packing-slip.pdf`, cookie);
  const waiting = (cookie?: string) => get('/api/admin/orders/packing-slips.pdf', cookie);
  const pickList = (cookie?: string) => get('/api/admin/orders/pick-list.pdf', cookie);

  it("prints a paid order's parcel: where it goes, each part number and quantity, no prices", async () => {
    const { alice } = shop();
    const { memory, board, screws } = await fillCart();
    const id = (await checkout(alice.cookie)).json().insertedId as string;
    // The buyer's purchase order number (a company's buyers give one at checkout).
    await shop().t.database.db.update(orders).set({ poNumber: 'PO-7781' }).where(eq(orders.id, id));

    // Not paid yet: nothing to pack. Nobody but an admin asks.
    const unpaid = await slip(id);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().message).toBe('This order is not paid yet: it is not to be packed.');
    await pay(id);
    expect((await slip(id, alice.cookie)).statusCode).toBe(403);
    expect((await slip('0195f3c2-7a1b-7c3d-9e4f-123456789abc')).statusCode).toBe(404);

    const paid = await order(id);
    const res = await slip(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="packing-slip-${paid.number}.pdf"`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const text = await pdfText(res.rawPayload);
    for (const fact of [
      'Partsmith Inc. Packing slip',
      `Order ${paid.number}`,
      'Purchase order PO-7781',
      'Part no. Description Qty Packed',
      `${memory.sku} Cart DDR5 32 GB 2`,
      `${board.sku} Cart AM5 board 1`,
      `${screws.sku} Cart M.2 screws 12`,
      '15 units in 3 lines.',
      // The address book entry it ships to, as a label reads, and who ordered.
      'SHIP TO ORDERED BY',
      'Alice Buyer Alice Buyer',
      '500 Congress Ave alice@example.com',
      'Austin, TX 78701',
      'United States',
      '+1 512 555 0100',
      `${paid.number} · Page 1 of 1`,
    ])
      expect(text, fact).toContain(fact);
    expect(text).toMatch(/Shipping Standard \(\d/);
    // The parcel's sheet names no price.
    expect(text).not.toContain('$');
  });

  it('prints every order waiting to be shipped in one file, the longest waiting first', async () => {
    const { t, alice, owner } = shop();
    const db = t.database.db;
    const ship = (id: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/changeStatus/${id}`,
        headers: { cookie: owner.cookie },
      });

    // The first test's order is waiting: ship it, and none is.
    for (const row of await db.select({ id: orders.id }).from(orders)) await ship(row.id);
    const none = await waiting();
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('No order is waiting to be shipped.');
    expect((await waiting(alice.cookie)).statusCode).toBe(403);
    const noPicks = await pickList();
    expect(noPicks.statusCode).toBe(404);
    expect(noPicks.json().message).toBe('No order is waiting to be shipped.');
    expect((await pickList(alice.cookie)).statusCode).toBe(403);

    const placed: string[] = [];
    const fills: Awaited<ReturnType<typeof fillCart>>[] = [];
    for (let i = 0; i < 3; i++) {
      fills.push(await fillCart());
      placed.push((await checkout(alice.cookie)).json().insertedId as string);
    }
    const [first, second, onTerms] = placed as [string, string, string];
    await pay(first);
    await pay(second);
    // The third is invoiced on a company's payment terms (not paid yet, to ship all the same).
    await db
      .update(orders)
      .set({ paymentMethod: 'invoice', invoiceNumber: 'PS-1999-000777' })
      .where(eq(orders.id, onTerms));
    // A fourth, not paid, waits for its buyer, not for the packer.
    await fillCart();
    const unpaid = (await checkout(alice.cookie)).json().insertedId as string;

    const numbers = await Promise.all(placed.map(async (id) => (await order(id)).number));
    const all = await waiting();
    expect(all.statusCode, all.body).toBe(200);
    expect(all.headers['x-packing-slips']).toBe('3');
    expect(all.headers['content-disposition']).toMatch(
      /^attachment; filename="packing-slips-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    const pages = (await pdfText(all.rawPayload)).split('\f');
    expect(pages).toHaveLength(3);
    pages.forEach((page, i) => {
      expect(page).toContain(`Order ${numbers[i]}`);
      expect(page).toContain(`${numbers[i]} · Page 1 of 1`);
    });
    expect(pages.join('\f')).not.toContain((await order(unpaid)).number);

    // The pick list of the same three orders (each of parts of its own here: the sums over
    // orders are packing-slip.test.ts'), by part number.
    const picks = await pickList();
    expect(picks.statusCode, picks.body).toBe(200);
    expect(picks.headers['content-type']).toBe('application/pdf');
    expect(picks.headers['x-packing-slips']).toBe('3');
    expect(picks.headers['content-disposition']).toMatch(
      /^attachment; filename="pick-list-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    const picked = await pdfText(picks.rawPayload);
    for (const fact of [
      'Partsmith Inc. Pick list',
      'Orders 3',
      `Longest waiting ${numbers[0]}`,
      'Part no. Description Orders Qty Picked',
      fills
        .map(
          ({ memory, board, screws }) =>
            `${memory.sku} Cart DDR5 32 GB 1 2\n${board.sku} Cart AM5 board 1 1\n` +
            `${screws.sku} Cart M.2 screws 1 12`,
        )
        .join('\n'),
      '45 units of 9 parts for 3 orders.',
      `The orders, the longest waiting first: ${numbers.join(', ')}.`,
    ])
      expect(picked, fact).toContain(fact);
    expect(picked).not.toContain('$');

    // Shipped or refunded, an order leaves the pile; a refunded one has no slip at all.
    await ship(first);
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${second}/refund`,
      headers: { cookie: owner.cookie },
      payload: { reason: 'Out of stock at the supplier' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const refunded = await slip(second);
    expect(refunded.statusCode).toBe(409);
    expect(refunded.json().message).toBe('This order was refunded: there is nothing to pack.');
    const left = await waiting();
    expect(left.headers['x-packing-slips']).toBe('1');
    expect(await pdfText(left.rawPayload)).toContain(`Order ${numbers[2]}`);
    // A shipped order's slip can be printed again.
    expect((await slip(first)).statusCode).toBe(200);
  });
  it('prints and ships the selected orders together, all of them or none', async () => {
    const { t, alice, owner } = shop();
    const placed: string[] = [];
    for (let i = 0; i < 3; i++) {
      await fillCart();
      placed.push((await checkout(alice.cookie)).json().insertedId as string);
    }
    const [first, second, unpaid] = placed as [string, string, string];
    await pay(first);
    await pay(second);
    const numbers = await Promise.all(placed.map(async (id) => (await order(id)).number));
    const selected = (file: string, ids: string[], cookie?: string) =>
      get(`/api/admin/orders/${file}.pdf?ids=${ids.join(',')}`, cookie);

    // The selected orders' slips and pick list, the longest waiting first whatever the order given.
    for (const file of ['packing-slips', 'pick-list']) {
      const res = await selected(file, [second, first]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['x-packing-slips']).toBe('2');
      expect(await pdfText(res.rawPayload)).toContain(`${numbers[0]}`);
      expect((await selected(file, [first], alice.cookie)).statusCode).toBe(403);
      // One not paid refuses the file, named; one not there too; a list that is not ids is a 400.
      const refused = await selected(file, [first, unpaid]);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        `${numbers[2]}: This order is not paid yet: it is not to be packed.`,
      );
      const gone = await selected(file, [first, '0195f3c2-7a1b-7c3d-9e4f-123456789abc']);
      expect(gone.statusCode).toBe(404);
      expect((await get(`/api/admin/orders/${file}.pdf?ids=1,2`)).statusCode).toBe(400);
      const tooMany = Array.from({ length: 101 }, () => first);
      expect((await selected(file, tooMany)).statusCode).toBe(400);
    }
    const slips = (await pdfText((await selected('packing-slips', [second, first])).rawPayload))
      .split('\f')
      .map((page) => /Order (PS-O-\d+)/.exec(page)?.[1]);
    expect(slips).toEqual([numbers[0], numbers[1]]);

    const ship = (ids: string[], carrier?: string, cookie = owner.cookie) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/orders/ship',
        headers: { cookie },
        payload: { ids, ...(carrier ? { carrier } : {}) },
      });
    expect((await ship([first], undefined, alice.cookie)).statusCode).toBe(403);
    // The unpaid one refuses them all: nothing is shipped.
    const refused = await ship([first, second, unpaid], 'UPS');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `${numbers[2]}: Only a paid order, or one invoiced on terms, can be shipped.`,
    );
    expect((await order(first)).shippedAt).toBeFalsy();
    expect((await ship([])).statusCode).toBe(400);

    const both = await ship([first, second, first], 'UPS');
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json()).toEqual({ shipped: 2, alreadyShipped: 0 });
    for (const id of [first, second]) {
      const row = await order(id);
      expect(row.shippedAt).toBeTruthy();
      expect(row.carrier).toBe('UPS');
    }
    // Each buyer is told, and each shipment is in the audit log.
    const mails = await t.database.db
      .select()
      .from(orderMails)
      .where(and(inArray(orderMails.orderId, [first, second]), eq(orderMails.kind, 'shipped')));
    expect(mails).toHaveLength(2);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(inArray(auditLog.targetId, [first, second]), eq(auditLog.action, 'order.ship')));
    expect(audited).toHaveLength(2);
    // Again: shipped already, left as they were.
    expect((await ship([first, second])).json()).toEqual({ shipped: 0, alreadyShipped: 2 });
  });
});
