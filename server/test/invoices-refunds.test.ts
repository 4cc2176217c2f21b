import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { cartLines } from '../src/db/schema/index.ts';
import { insertPart } from '../src/db/seed/factories.ts';
import { DB_KINDS, type TestApp, recordingMailer } from './helpers.ts';
import { pdfText } from './pdf-text.ts';
import { ADDRESS, PHONE, YEAR, cartCalls, openCartShop, type Shopper } from './cart-helpers.ts';

// A checked-out cart once paid: its invoice, receipt, shipping and refund (the cart and the
// checkout are in cart-checkout.test.ts).
describe.each(DB_KINDS)('the cart, the checkout and the order after payment on %s', (kind) => {
  let t: TestApp;
  let alice: Shopper;
  let bob: Shopper;
  let owner: { cookie: string };
  const { sent, mailer, mails } = recordingMailer();

  beforeAll(async () => {
    ({ t, alice, bob, owner } = await openCartShop(kind, mailer, mails));
  });
  afterAll(() => t.close());
  // Each test starts with Alice's cart empty.
  beforeEach(async () => {
    await t.database.db.delete(cartLines).where(eq(cartLines.userId, alice.user.id));
  });

  const { stockOf, order, fillCart, pay, settleMails, mailsTo, checkout } = cartCalls(
    () => ({ t, alice }),
    sent,
  );

  it('pays a checkout for its total, numbers its invoice and mails the receipt with the PDF', async () => {
    await fillCart();
    const id = (await checkout(alice.cookie)).json().insertedId as string;
    const { amount, transactionId } = await pay(id);
    expect(amount).toBe(423.38);
    const paid = await order(id);
    expect(paid.invoiceNumber).toMatch(new RegExp(`^PS-${YEAR}-\\d{6}$`));
    expect(paid.paidAt).not.toBeNull();

    const pdf = await t.app.inject({
      url: `/api/orders/${id}/invoice.pdf`,
      headers: { cookie: alice.cookie },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    for (const fact of [paid.invoiceNumber!, 'Cart AM5 board', '$423.38', transactionId])
      expect(text).toContain(fact);
    // Nobody else reads it; an unpaid order has none; the admin does.
    const others = await t.app.inject({
      url: `/api/orders/${id}/invoice.pdf`,
      headers: { cookie: bob.cookie },
    });
    expect(others.statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          url: `/api/orders/${id}/invoice.pdf`,
          headers: { cookie: owner.cookie },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          url: `/api/orders/${id}/credit-note.pdf`,
          headers: { cookie: alice.cookie },
        })
      ).statusCode,
    ).toBe(404);

    await settleMails();
    const [receipt] = mailsTo('alice@example.com', /^Receipt/).filter((m) =>
      m.subject.includes(paid.invoiceNumber!),
    );
    expect(receipt?.attachments?.[0]).toMatchObject({
      filename: `${paid.invoiceNumber}.pdf`,
      contentType: 'application/pdf',
    });
    expect(await pdfText(receipt!.attachments![0]!.content)).toContain('$423.38');
  });

  it('ships with a carrier and tracking number and mails the tracking link; refunds with a credit note', async () => {
    const { memory } = await fillCart();
    const id = (await checkout(alice.cookie)).json().insertedId as string;
    await pay(id);
    const ship = (body?: object, cookie = owner.cookie) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/changeStatus/${id}`,
        headers: { cookie },
        ...(body ? { payload: body } : {}),
      });
    expect((await ship({ trackingNumber: '<script>' })).statusCode).toBe(400);
    expect((await ship({ carrier: 'UPS' }, alice.cookie)).statusCode).toBe(403);
    const shipped = await ship({ carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    expect(shipped.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect(await order(id)).toMatchObject({
      status: 'shipped',
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    await settleMails();
    const [shippedMail] = mailsTo('alice@example.com', /shipped/).filter((m) =>
      m.text.includes('1Z999AA10123456784'),
    );
    expect(shippedMail?.html).toContain('ups.com');

    // A refund: refused to customers and without a reason; a credit note after it.
    const refund = (body: object, cookie = owner.cookie) =>
      t.app.inject({
        method: 'POST',
        url: `/api/orders/${id}/refund`,
        headers: { cookie },
        payload: body,
      });
    expect((await refund({ reason: 'Changed my mind' }, alice.cookie)).statusCode).toBe(403);
    expect((await refund({ reason: '' })).statusCode).toBe(400);
    const stockBefore = await stockOf(memory.id);
    expect((await refund({ reason: 'Arrived damaged' })).json()).toMatchObject({
      modifiedCount: 1,
    });
    expect((await refund({ reason: 'Arrived damaged' })).json()).toMatchObject({
      modifiedCount: 0,
    });
    const refunded = await order(id);
    expect(refunded.creditNoteNumber).toMatch(new RegExp(`^CN-${YEAR}-\\d{6}$`));
    expect(refunded.refundedAt).not.toBeNull();
    // It had shipped: the parts are not back on the shelf.
    expect(await stockOf(memory.id)).toBe(stockBefore);
    const note = await t.app.inject({
      url: `/api/orders/${id}/credit-note.pdf`,
      headers: { cookie: alice.cookie },
    });
    const text = await pdfText(note.rawPayload);
    for (const fact of [refunded.creditNoteNumber!, refunded.invoiceNumber!, 'Arrived damaged'])
      expect(text).toContain(fact);
    await settleMails();
    expect(mailsTo('alice@example.com', /refunded/)).toHaveLength(1);
    const audit = await t.app.inject({
      url: '/api/audit-log?action=order.refund',
      headers: { cookie: owner.cookie },
    });
    expect(audit.json()[0]).toMatchObject({ action: 'order.refund', targetId: id });
  });

  it('an unshipped refund puts the stock back', async () => {
    const { board } = await fillCart();
    const id = (await checkout(alice.cookie)).json().insertedId as string;
    await pay(id);
    expect(await stockOf(board.id)).toBe(49);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/refund`,
      headers: { cookie: owner.cookie },
      payload: { reason: 'Out of production' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stockOf(board.id)).toBe(50);
    // A refunded order is not shipped any more.
    const ship = await t.app.inject({
      method: 'PUT',
      url: `/api/changeStatus/${id}`,
      headers: { cookie: owner.cookie },
    });
    expect(ship.statusCode, ship.body).toBe(409);
  });

  it('50 payments at once get 50 distinct consecutive invoice numbers, each PDF with its own total', async () => {
    const part = await insertPart(t.database.db, {
      name: 'Invoice Fan',
      priceCents: 1_000,
      availableQuantity: 10_000,
      minOrderQuantity: 1,
    });
    const ids: string[] = [];
    for (let i = 1; i <= 50; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/purchase',
        headers: { cookie: bob.cookie },
        payload: { partId: part.id, quantity: i, address: ADDRESS, phone: PHONE },
      });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().insertedId);
      // Bob's unpaid orders are not limited in these tests (NO_LIMITS).
    }
    const payments = await Promise.all(ids.map((id) => pay(id, bob.cookie)));
    const numbers = await Promise.all(
      ids.map(async (id) => (await order(id, bob.cookie)).invoiceNumber!),
    );
    expect(new Set(numbers).size).toBe(50);
    const sequence = numbers.map((n) => Number(n.slice(-6))).sort((a, b) => a - b);
    expect(sequence[49]! - sequence[0]!).toBe(49);
    const counted = (await t.database.db.execute(
      sql`select max(last) as last from document_counters where series = 'PS'`,
    )) as unknown as { rows: { last: number }[] };
    expect(Number(counted.rows[0]!.last)).toBe(sequence[49]);
    for (const [i, id] of ids.entries()) {
      const pdf = await t.app.inject({
        url: `/api/orders/${id}/invoice.pdf`,
        headers: { cookie: bob.cookie },
      });
      const total = `$${(10 * (i + 1)).toFixed(2)}`;
      expect(payments[i]!.amount).toBe(10 * (i + 1));
      expect(await pdfText(pdf.rawPayload)).toContain(total);
    }
  });
});
