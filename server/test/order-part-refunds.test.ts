import { describe, expect, it } from 'vitest';
import { DB_KINDS } from './helpers.ts';
import { pdfText } from './pdf-text.ts';
import { YEAR } from './cart-helpers.ts';
import { paidOrderSuite } from './paid-order-helpers.ts';
import { bestSellingPartIds, topPartsByRevenue } from '../src/modules/orders/sales.ts';

// Partial refunds (returns): some units of a paid order's lines given back with their share of
// the tax, each with its credit note and mail; then the order refunded in full gives back only
// what was left. Both databases: the refund locks the order and counts its refunds.
describe.each(DB_KINDS)('partial refunds of a paid order on %s', (kind) => {
  const { shop, stockOf, order, fillCart, pay, settleMails, mailsTo, checkout } =
    paidOrderSuite(kind);

  const refundPart = (id: string, body: object, cookie = shop().owner.cookie) =>
    shop().t.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/refunds`,
      headers: { cookie },
      payload: body,
    });
  const refundsOf = async (id: string, cookie = shop().alice.cookie) => {
    const res = await shop().t.app.inject({
      url: `/api/orders/${id}/refunds`,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const cents = (dollars: number) => Math.round(dollars * 100);

  it('refunds some units with their tax, a credit note and a mail, and puts them back in stock when asked', async () => {
    const { t, alice, owner } = shop();
    const { memory, board } = await fillCart();
    const id = (await checkout(alice.cookie)).json().insertedId as string;
    const placed = await order(id);
    // Not paid yet: nothing to refund.
    const early = await refundPart(id, {
      lines: [{ position: 0, quantity: 1 }],
      restock: true,
      reason: 'Returned',
    });
    expect(early.statusCode, early.body).toBe(409);
    await pay(id);
    const ship = await t.app.inject({
      method: 'PUT',
      url: `/api/changeStatus/${id}`,
      headers: { cookie: owner.cookie },
    });
    expect(ship.statusCode).toBe(200);
    const lines = placed.lines as { name: string; quantity: number; price: number }[];
    const memoryAt = lines.findIndex((l) => l.name === memory.name);
    const boardAt = lines.findIndex((l) => l.name === board.name);

    // Refused: to a customer, without a reason, more units than the line has, a line not there,
    // the same line twice.
    const one = { lines: [{ position: memoryAt, quantity: 1 }], restock: true, reason: 'Returned' };
    expect((await refundPart(id, one, alice.cookie)).statusCode).toBe(403);
    expect((await refundPart(id, { ...one, reason: '' })).statusCode).toBe(400);
    expect(
      (await refundPart(id, { ...one, lines: [{ position: memoryAt, quantity: 0 }] })).statusCode,
    ).toBe(400);
    const tooMany = await refundPart(id, { ...one, lines: [{ position: memoryAt, quantity: 3 }] });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toContain(memory.name);
    const missing = await refundPart(id, { ...one, lines: [{ position: 9, quantity: 1 }] });
    expect(missing.statusCode).toBe(422);
    const twice = await refundPart(id, {
      ...one,
      lines: [
        { position: memoryAt, quantity: 1 },
        { position: memoryAt, quantity: 1 },
      ],
    });
    expect(twice.statusCode).toBe(422);

    const stockBefore = await stockOf(memory.id);
    const res = await refundPart(id, { ...one, reason: 'Returned unopened' });
    expect(res.statusCode, res.body).toBe(201);
    const refund = res.json();
    const taxes = placed.taxes as { name: string; rate: number; amount: number }[];
    expect(taxes.length).toBeGreaterThan(0);
    // Each rate on the unit's $109.99, rounded to the cent as at checkout (in dollars).
    const taxOnIt =
      taxes.reduce((sum, tax) => sum + Math.round((10_999 * tax.rate) / 100), 0) / 100;
    expect(refund).toMatchObject({
      creditNoteNumber: expect.stringMatching(new RegExp(`^CN-${YEAR}-\\d{6}$`)),
      lines: [{ position: memoryAt, name: memory.name, quantity: 1, price: 109.99 }],
      subtotal: 109.99,
      restocked: true,
      reason: 'Returned unopened',
    });
    expect(cents(refund.tax)).toBe(cents(taxOnIt));
    expect(cents(refund.amount)).toBe(cents(109.99 + taxOnIt));
    expect(await stockOf(memory.id)).toBe(stockBefore + 1);

    // The order shows what was given back; its refunds list the units left.
    expect((await order(id)).refunded).toBe(refund.amount);
    const listed = await refundsOf(id);
    expect(listed.refunds).toEqual([refund]);
    expect(listed.refunded).toBe(refund.amount);
    expect(listed.left).toContainEqual({ position: memoryAt, quantity: 1 });
    expect(listed.left).toContainEqual({ position: boardAt, quantity: 1 });

    // Its credit note, to the buyer (another customer gets 404).
    const url = `/api/orders/${id}/refunds/${refund._id}/credit-note.pdf`;
    const note = await t.app.inject({ url, headers: { cookie: alice.cookie } });
    expect(note.statusCode).toBe(200);
    expect(note.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(note.rawPayload);
    for (const fact of [refund.creditNoteNumber, 'Returned unopened', memory.name, '$109.99'])
      expect(text).toContain(fact);
    expect(text).not.toContain(board.name);
    const { bob } = shop();
    expect((await t.app.inject({ url, headers: { cookie: bob.cookie } })).statusCode).toBe(404);

    await settleMails();
    const [mail] = mailsTo('alice@example.com', /^Part of your Partsmith order/);
    expect(mail?.subject).toContain(placed.number);
    expect(mail?.text).toContain('Returned unopened');
    expect(mail?.text).not.toContain(board.name);
    expect(mail?.attachments?.[0]?.filename).toBe(`${refund.creditNoteNumber}.pdf`);

    const audit = await t.app.inject({
      url: '/api/audit-log?action=order.refund-part',
      headers: { cookie: owner.cookie },
    });
    expect(audit.json()[0]).toMatchObject({ action: 'order.refund-part', targetId: id });

    // The last unit of the line: then none is left of it.
    const rest = await refundPart(id, { ...one, restock: false, reason: 'Damaged in transit' });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(await stockOf(memory.id)).toBe(stockBefore + 1);
    const done = await refundPart(id, one);
    expect(done.statusCode).toBe(422);
    expect(done.json().message).toContain('refunded in full already');
  });

  it('a refund in full afterwards gives back what is left, and the sales count the order less its refunds', async () => {
    const { t, alice, owner } = shop();
    const { memory, board, screws } = await fillCart();
    const id = (await checkout(alice.cookie)).json().insertedId as string;
    const { amount } = await pay(id);
    const placed = await order(id);
    const lines = placed.lines as { name: string }[];
    const boardAt = lines.findIndex((l) => l.name === board.name);
    const screwsAt = lines.findIndex((l) => l.name === screws.name);
    const sales = async () =>
      (
        await t.app.inject({ url: '/api/admin/sales?days=7', headers: { cookie: owner.cookie } })
      ).json();
    const before = await sales();

    // Unshipped: the board refunded and restocked, 2 screws refunded without restocking.
    const part = await refundPart(id, {
      lines: [
        { position: boardAt, quantity: 1 },
        { position: screwsAt, quantity: 2 },
      ],
      restock: false,
      reason: 'Cancelled before packing',
    });
    expect(part.statusCode, part.body).toBe(201);
    const given = part.json();
    expect(given.subtotal).toBe(189 + 2 * 1.2);
    const after = await sales();
    expect(cents(after.revenue)).toBe(cents(before.revenue - given.subtotal));
    // The parts' figures count the units kept: 10 screws of 12, no board.
    const top = await topPartsByRevenue(t.database.db, new Date(Date.now() - 86_400_000), 100);
    expect(top.find((p) => p.partId === screws.id)).toMatchObject({
      quantity: 10,
      revenueCents: 1200,
    });
    expect(top.find((p) => p.partId === board.id)).toMatchObject({ quantity: 0, revenueCents: 0 });
    const best = await bestSellingPartIds(t.database.db, new Date(Date.now() - 86_400_000), 100);
    expect(best.indexOf(board.id)).toBeGreaterThan(best.indexOf(screws.id));

    // Its packing slip packs what is left: no board, 10 screws (of 12), the 2 memory kits.
    const slip = await pdfText(
      (
        await t.app.inject({
          url: `/api/orders/${id}/packing-slip.pdf`,
          headers: { cookie: owner.cookie },
        })
      ).rawPayload,
    );
    expect(slip).toContain(memory.name);
    expect(slip).toContain(screws.name);
    expect(slip).not.toContain(board.name);
    expect(slip).toMatch(/\b10\b/);

    const stock = {
      memory: await stockOf(memory.id),
      board: await stockOf(board.id),
      screws: await stockOf(screws.id),
    };
    const full = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/refund`,
      headers: { cookie: owner.cookie },
      payload: { reason: 'Buyer cancelled the rest' },
    });
    expect(full.statusCode, full.body).toBe(200);
    // Unshipped: every unit the partial refund did not put back goes back now (it put back none).
    expect(await stockOf(memory.id)).toBe(stock.memory + 2);
    expect(await stockOf(board.id)).toBe(stock.board + 1);
    expect(await stockOf(screws.id)).toBe(stock.screws + 12);
    // Nothing more to refund, in part or in full.
    const late = await refundPart(id, {
      lines: [{ position: 0, quantity: 1 }],
      restock: false,
      reason: 'Again',
    });
    expect(late.statusCode).toBe(409);
    expect((await refundsOf(id)).left.every((l: { quantity: number }) => l.quantity === 0)).toBe(
      true,
    );

    // The full refund's credit note and mail are of what was left.
    const refunded = await order(id);
    const left = cents(amount) - cents(given.amount);
    const text = await pdfText(
      (
        await t.app.inject({
          url: `/api/orders/${id}/credit-note.pdf`,
          headers: { cookie: alice.cookie },
        })
      ).rawPayload,
    );
    expect(text).toContain(refunded.creditNoteNumber);
    expect(text).toContain(`$${(left / 100).toFixed(2)}`);
    expect(text).not.toContain(board.name);
    await settleMails();
    const [mail] = mailsTo(
      'alice@example.com',
      new RegExp(`^Your Partsmith order ${placed.number} was refunded`),
    );
    expect(mail?.text).toContain(`$${(left / 100).toFixed(2)}`);
  });

  it('a refund in part when the stock was restocked by it: the refund in full puts back only the rest', async () => {
    const { t, alice, owner } = shop();
    const { memory } = await fillCart();
    const id = (await checkout(alice.cookie)).json().insertedId as string;
    await pay(id);
    const lines = (await order(id)).lines as { name: string }[];
    const memoryAt = lines.findIndex((l) => l.name === memory.name);
    const restocked = await refundPart(id, {
      lines: [{ position: memoryAt, quantity: 1 }],
      restock: true,
      reason: 'One too many',
    });
    expect(restocked.statusCode, restocked.body).toBe(201);
    const stock = await stockOf(memory.id);
    const full = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/refund`,
      headers: { cookie: owner.cookie },
      payload: { reason: 'Cancelled' },
    });
    expect(full.statusCode, full.body).toBe(200);
    expect(await stockOf(memory.id)).toBe(stock + 1);
  });
});
