import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Cart, CheckoutProblem, OrderList } from '@partsmith/contract';
import { cartLines, orders, parts } from '../src/db/schema/index.ts';
import { DB_KINDS, type TestApp, recordingMailer } from './helpers.ts';
import { cartCalls, openCartShop, type Shopper } from './cart-helpers.ts';

// The cart and its checkout; what follows the payment is in order-invoices.test.ts,
// order-invoice-figures.test.ts and order-shipping-refunds.test.ts.
describe.each(DB_KINDS)('the cart, the checkout and the order after payment on %s', (kind) => {
  let t: TestApp;
  let alice: Shopper;
  let bob: Shopper;
  const { sent, mailer, mails } = recordingMailer();

  beforeAll(async () => {
    ({ t, alice, bob } = await openCartShop(kind, mailer, mails));
  });
  afterAll(() => t.close());
  // Each test starts with Alice's cart empty.
  beforeEach(async () => {
    await t.database.db.delete(cartLines).where(eq(cartLines.userId, alice.user.id));
  });

  const { put, cart, checkout, stockOf, order, fillCart, settleMails } = cartCalls(
    () => ({ t, alice }),
    sent,
  );

  it('keeps a cart per customer on the server, priced by quantity, within each part’s rules', async () => {
    const { memory, board, screws } = await fillCart();
    const mine = await cart(alice.cookie);
    expect(mine.lines.map((l) => [l.name, l.sku, l.quantity, l.price, l.total])).toEqual([
      ['Cart DDR5 32 GB', memory.sku, 2, 109.99, 219.98],
      ['Cart AM5 board', board.sku, 1, 189, 189],
      ['Cart M.2 screws', screws.sku, 12, 1.2, 14.4],
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

    // Bob's cart is his own; a visitor without a cart's cookie has an empty one (a visitor's
    // cart: visitor-cart.test.ts).
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
      partId: memory.id,
      price: 109.99,
      address: 'Alice Buyer, 500 Congress Ave, Austin, TX 78701, United States',
      // The same address as a label reads it, a line each, for the order's page.
      shipToLines: ['Alice Buyer', '500 Congress Ave', 'Austin, TX 78701', 'United States'],
      phone: '+15125550100',
      paid: false,
      // Shipped to Texas by the cheapest method (Standard, $9.90 below $500), shipping taxed:
      // (423.38 + 9.90) x 8.25% = 35.7456 -> 35.75.
      subtotal: 423.38,
      shipping: 9.9,
      shippingMethod: { name: 'Standard', price: 9.9, days: { min: 3, max: 5 } },
      taxes: [{ name: 'Texas sales tax', rate: 8.25, amount: 35.75 }],
      total: 469.03,
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
});
