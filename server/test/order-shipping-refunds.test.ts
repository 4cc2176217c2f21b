import { describe, expect, it } from 'vitest';
import { DB_KINDS } from './helpers.ts';
import { pdfText } from './pdf-text.ts';
import { YEAR } from './cart-helpers.ts';
import { paidOrderSuite } from './paid-order-helpers.ts';

// A paid order shipped (carrier, tracking number and its mail) and refunded (a credit note, and
// its stock back unless it had shipped).
describe.each(DB_KINDS)('the cart, the checkout and the order after payment on %s', (kind) => {
  const { shop, stockOf, order, fillCart, pay, settleMails, mailsTo, checkout } =
    paidOrderSuite(kind);

  it('ships with a carrier and tracking number and mails the tracking link; refunds with a credit note', async () => {
    const { t, alice, owner } = shop();
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
    const { t, alice, owner } = shop();
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
});
