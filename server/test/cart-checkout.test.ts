import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Cart, CheckoutProblem, Order, OrderList } from '@partsmith/contract';
import { cartLines, orderMails, orders, parts } from '../src/db/schema/index.ts';
import { insertPart } from '../src/db/seed/factories.ts';
import { DB_KINDS, buildTestApp, type TestApp, MAIL_WAIT, recordingMailer } from './helpers.ts';
import { signUp } from './auth-helpers.ts';
import { pdfText } from './pdf-text.ts';

const ADDRESS = '1 Main Street, Springfield, IL 62701';
const PHONE = '+1 (217) 555-0100';
const CARD = { number: '4242424242424242', expiry: '12 / 39', cvc: '123', name: 'Alice Buyer' };
const YEAR = new Date().getUTCFullYear();

describe.each(DB_KINDS)('the cart, the checkout and the order after payment on %s', (kind) => {
  let t: TestApp;
  let alice: { cookie: string; user: { id: string } };
  let bob: { cookie: string; user: { id: string } };
  let owner: { cookie: string };
  const { sent, mailer, mails } = recordingMailer();

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: { ADMIN_EMAILS: 'owner@example.com' },
      deps: { mailer },
    });
    alice = await signUp(t, { email: 'alice@example.com', name: 'Alice Buyer', mails });
    bob = await signUp(t, { email: 'bob@example.com', name: 'Bob Other', mails });
    owner = await signUp(t, { email: 'owner@example.com', name: 'Owner', mails });
  });
  afterAll(() => t.close());
  // Each test starts with Alice's cart empty.
  beforeEach(async () => {
    await t.database.db.delete(cartLines).where(eq(cartLines.userId, alice.user.id));
  });

  const put = (cookie: string, partId: string, quantity: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/cart/lines/${partId}`,
      headers: { cookie },
      payload: { quantity },
    });
  const cart = async (cookie: string) =>
    Cart.parse((await t.app.inject({ url: '/api/cart', headers: { cookie } })).json());
  const checkout = (cookie: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: { cookie, ...headers },
      payload: { address: ADDRESS, phone: PHONE },
    });
  const stockOf = async (id: string) =>
    (
      await t.database.db.select({ q: parts.availableQuantity }).from(parts).where(eq(parts.id, id))
    )[0]!.q;
  const order = async (id: string, cookie = alice.cookie) =>
    Order.parse((await t.app.inject({ url: `/api/purchase/${id}`, headers: { cookie } })).json());
  /** Three parts in Alice's cart (2 + 1 + 12 units; the third at its volume price). */
  async function fillCart(cookie = alice.cookie, stock = 50) {
    const memory = await insertPart(t.database.db, {
      name: 'Cart DDR5 32 GB',
      priceCents: 10_999,
      availableQuantity: stock,
      minOrderQuantity: 1,
    });
    const board = await insertPart(t.database.db, {
      name: 'Cart AM5 board',
      priceCents: 18_900,
      availableQuantity: stock,
      minOrderQuantity: 1,
    });
    const screws = await insertPart(t.database.db, {
      name: 'Cart M.2 screws',
      priceCents: 150,
      availableQuantity: stock,
      minOrderQuantity: 5,
      priceBreaks: [{ minQuantity: 10, priceCents: 120 }],
    });
    for (const [part, quantity] of [
      [memory, 2],
      [board, 1],
      [screws, 12],
    ] as const) {
      const res = await put(cookie, part.id, quantity);
      expect(res.statusCode, res.body).toBe(200);
    }
    return { memory, board, screws };
  }
  /** Pays an order with the test card, as the payment page does. */
  async function pay(id: string, cookie = alice.cookie) {
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: { cookie },
      payload: { orderId: id },
    });
    expect(intent.statusCode, intent.body).toBe(200);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/test-payments/confirm',
      headers: { cookie },
      payload: { clientSecret: intent.json().clientSecret, ...CARD },
    });
    const transactionId = confirmed.json().id as string;
    const paid = await t.app.inject({
      method: 'PATCH',
      url: `/api/purchase/${id}`,
      headers: { cookie },
      payload: { transactionId },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return { amount: intent.json().amount as number, transactionId };
  }
  const settleMails = async () => {
    await vi.waitFor(
      async () => expect(await t.database.db.select().from(orderMails)).toEqual([]),
      MAIL_WAIT,
    );
    await t.app.orderMails.drain();
  };
  const mailsTo = (email: string, subject: RegExp) =>
    sent.filter((m) => m.to === email && subject.test(m.subject));

  it('keeps a cart per customer on the server, priced by quantity, within each part’s rules', async () => {
    const { memory, board, screws } = await fillCart();
    const mine = await cart(alice.cookie);
    expect(mine.lines.map((l) => [l.name, l.quantity, l.price, l.total])).toEqual([
      ['Cart DDR5 32 GB', 2, 109.99, 219.98],
      ['Cart AM5 board', 1, 189, 189],
      ['Cart M.2 screws', 12, 1.2, 14.4],
    ]);
    expect(mine.count).toBe(15);
    expect(mine.total).toBe(423.38);
    expect(mine.lines.every((l) => l.problem === null)).toBe(true);

    // Changing a quantity, out-of-range quantities, a part that is not there.
    expect((await put(alice.cookie, screws.id, 9)).json().lines[2]).toMatchObject({
      quantity: 9,
      price: 1.5,
    });
    const below = await put(alice.cookie, screws.id, 2);
    expect(below.statusCode).toBe(422);
    expect(below.json().message).toMatch(/5/);
    expect((await put(alice.cookie, memory.id, 51)).statusCode).toBe(422);
    expect((await put(alice.cookie, memory.id, 0)).statusCode).toBe(400);
    expect((await put(alice.cookie, crypto.randomUUID(), 1)).statusCode).toBe(404);
    await put(alice.cookie, screws.id, 12);

    // Bob's cart is his own; a visitor has none on the server.
    expect((await cart(bob.cookie)).lines).toEqual([]);
    expect((await t.app.inject({ url: '/api/cart' })).json()).toEqual({
      lines: [],
      count: 0,
      total: 0,
    });

    // Removing a line answers the cart without it.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/cart/lines/${board.id}`,
      headers: { cookie: alice.cookie },
    });
    expect(Cart.parse(removed.json()).lines.map((l) => l.partId)).toEqual([memory.id, screws.id]);
    await t.database.db.delete(cartLines).where(eq(cartLines.userId, alice.user.id));
  });

  it('checks out the cart as one order with lines, takes every line’s stock and empties the cart', async () => {
    const { memory, board, screws } = await fillCart();
    const res = await checkout(alice.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().insertedId as string;

    const placed = await order(id);
    expect(placed).toMatchObject({
      name: 'Cart DDR5 32 GB and 2 more',
      quantity: 15,
      total: 423.38,
      partId: memory.id,
      price: 109.99,
      address: ADDRESS,
      paid: false,
    });
    expect(placed.lines!.map((l) => [l.partId, l.quantity, l.price, l.total])).toEqual([
      [memory.id, 2, 109.99, 219.98],
      [board.id, 1, 189, 189],
      [screws.id, 12, 1.2, 14.4],
    ]);
    expect([await stockOf(memory.id), await stockOf(board.id), await stockOf(screws.id)]).toEqual([
      48, 49, 38,
    ]);
    expect((await cart(alice.cookie)).lines).toEqual([]);
    // My Orders lists it with its lines; the confirmation names every line.
    const mine = OrderList.parse(
      (
        await t.app.inject({
          url: '/api/orders?userEmail=alice@example.com',
          headers: { cookie: alice.cookie },
        })
      ).json(),
    );
    expect(mine.find((o) => o._id === id)?.lines).toHaveLength(3);
    await settleMails();
    const [placedMail] = sent.filter((m) => m.to === 'alice@example.com' && m.text.includes(id));
    expect(placedMail?.text).toContain('Cart AM5 board');
    expect(placedMail?.html).toContain('Cart M.2 screws');

    // A checkout of an empty cart is refused.
    const empty = await checkout(alice.cookie);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('Your cart is empty.');

    // Deleting the unpaid order puts every line back.
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/orders/${id}`,
      headers: { cookie: alice.cookie },
    });
    expect(del.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect([await stockOf(memory.id), await stockOf(board.id), await stockOf(screws.id)]).toEqual([
      50, 50, 50,
    ]);
  });

  it('takes nothing when one line cannot be served, and names that line', async () => {
    const { memory, board, screws } = await fillCart(alice.cookie, 20);
    // Someone buys most of the board's stock before Alice checks out.
    await t.database.db.update(parts).set({ availableQuantity: 0 }).where(eq(parts.id, board.id));
    const res = await checkout(alice.cookie);
    expect(res.statusCode).toBe(409);
    const problem = CheckoutProblem.parse(res.json());
    expect(problem.lines).toEqual([
      { partId: board.id, name: 'Cart AM5 board', problem: 'This part is out of stock.' },
    ]);
    expect(problem.message).toContain('Cart AM5 board');
    expect([await stockOf(memory.id), await stockOf(screws.id)]).toEqual([20, 20]);
    expect((await cart(alice.cookie)).lines).toHaveLength(3);
    const count = await t.database.db.$count(orders, eq(orders.userId, alice.user.id));
    // A removed part is named too.
    await t.database.db
      .update(parts)
      .set({ availableQuantity: 20, deletedAt: new Date() })
      .where(eq(parts.id, board.id));
    const gone = CheckoutProblem.parse((await checkout(alice.cookie)).json());
    expect(gone.lines[0]!.problem).toBe('This part is not in our catalogue any more.');
    expect(await t.database.db.$count(orders, eq(orders.userId, alice.user.id))).toBe(count);
    await t.database.db.delete(cartLines).where(eq(cartLines.userId, alice.user.id));
  });

  it('makes one order of a cart checked out from several tabs at once', async () => {
    const { memory, board, screws } = await fillCart();
    const before = await t.database.db.$count(orders, eq(orders.userId, alice.user.id));
    const answers = await Promise.all(Array.from({ length: 6 }, () => checkout(alice.cookie)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode, a.body).toBe(422);
      expect(a.json().message).toBe('Your cart is empty.');
    }
    expect(await t.database.db.$count(orders, eq(orders.userId, alice.user.id))).toBe(before + 1);
    expect([await stockOf(memory.id), await stockOf(board.id), await stockOf(screws.id)]).toEqual([
      48, 49, 38,
    ]);
  });

  it('makes one order for one Idempotency-Key, however often it is sent', async () => {
    await fillCart();
    const key = `checkout-${crypto.randomUUID()}`;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => checkout(alice.cookie, { 'idempotency-key': key })),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok.length).toBeGreaterThan(0);
    expect(new Set(ok.map((a) => a.json().insertedId)).size).toBe(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode).toBe(409);
      expect(a.json().message).toMatch(/still being processed/);
    }
    const again = await checkout(alice.cookie, { 'idempotency-key': key });
    expect(again.json().insertedId).toBe(ok[0]!.json().insertedId);
  });

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
