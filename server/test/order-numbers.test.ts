import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MAX_CART_LINES, OrderList, ReorderAnswer } from '@partsmith/contract';
import { cartLines, orderLines, orders, parts } from '../src/db/schema/index.ts';
import { insertParts } from '../src/db/seed/factories.ts';
import { DB_KINDS, NO_LIMITS, buildTestApp, recordingMailer, type TestApp } from './helpers.ts';
import { signUp } from './auth-helpers.ts';
import { type Shopper } from './cart-helpers.ts';
import { orderCalls, tag } from './order-numbers-helpers.ts';
import { pdfText } from './pdf-text.ts';

// Issue 46, "Orders a customer can find again": order numbers, part numbers on order lines,
// the order search (a customer's own orders, and every order for the admins), "Order again".

/** The cart's own limit, low enough to reach here: each account below stays under it but Dave. */
const CART_LIMIT = 30;
const NUMBER = /^PS-O-\d{6,}$/;

describe.each(DB_KINDS)('order numbers, part numbers, search and "Order again" on %s', (kind) => {
  let t: TestApp;
  let alice: Shopper;
  let bob: Shopper;
  let owner: Shopper;
  const { sent, mailer, mails } = recordingMailer();

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: {
        ADMIN_EMAILS: 'owner@example.com',
        RATE_LIMITS: `${NO_LIMITS.RATE_LIMITS},cart=${CART_LIMIT}/10m`,
      },
      deps: { mailer },
    });
    alice = await signUp(t, { email: 'alice@example.com', name: 'Alice Buyer', mails });
    bob = await signUp(t, { email: 'bob@example.com', name: 'Bob Other', mails });
    owner = await signUp(t, { email: 'owner@example.com', name: 'Owner', mails });
  });
  afterAll(() => t.close());

  const {
    put,
    pay,
    settleMails,
    mailsTo,
    purchase,
    checkedOut,
    list,
    found,
    one,
    adminPage,
    reorder,
    cartOf,
    emptyCart,
    threeParts,
    legacyOrder,
    addressOf,
  } = orderCalls(() => ({ t, alice, owner }), sent);
  const db = () => t.database.db;

  it('numbers every order PS-O-000123 when it is placed: unique, in every answer, mail, document and the CSV', async () => {
    const { memory, board, screws } = await threeParts();
    const single = await purchase(alice.cookie, memory.id, 2);
    const several = await checkedOut(alice.cookie, [
      [board.id, 1],
      [screws.id, 10],
    ]);
    const bobs = await purchase(bob.cookie, board.id, 1);

    const mine = OrderList.parse((await list(alice.cookie, 'alice@example.com')).json());
    const byId = new Map(mine.map((o) => [o._id, o]));
    const rows = await db().select({ id: orders.id, number: orders.number }).from(orders);
    const numbers = new Map(rows.map((r) => [r.id, r.number]));
    for (const id of [single, several]) {
      expect(byId.get(id)!.number).toMatch(NUMBER);
      expect(byId.get(id)!.number).toBe(numbers.get(id));
      expect((await one(id)).number).toBe(numbers.get(id));
    }
    expect((await one(bobs, bob.cookie)).number).toBe(numbers.get(bobs));
    // Given in the order they were placed, never twice.
    expect(numbers.get(several)! > numbers.get(single)!).toBe(true);
    expect(new Set(numbers.values()).size).toBe(rows.length);

    const all = await adminPage('limit=200');
    expect(all.statusCode).toBe(200);
    const everyOrder = new Map(OrderList.parse(all.json()).map((o) => [o._id, o.number]));
    for (const id of [single, several, bobs]) expect(everyOrder.get(id)).toBe(numbers.get(id));

    // The mails name the order by its number, and each line by its part number.
    await settleMails();
    const placed = mailsTo('alice@example.com', /^Your Partsmith order PS-O-/).find((m) =>
      m.subject.includes(numbers.get(single)!),
    );
    expect(placed?.subject).toBe(
      `Your Partsmith order ${numbers.get(single)}: 2 x ${memory.name}, $219.98`,
    );
    expect(placed!.text).toContain(numbers.get(single));
    expect(placed!.text).toContain(`Part no. ${memory.sku}`);

    // Paid: the receipt and the invoice PDF say the number and the part numbers too.
    await pay(several);
    await settleMails();
    const receipt = mailsTo('alice@example.com', /^Receipt/).find((m) =>
      m.subject.includes(numbers.get(several)!),
    );
    expect(receipt, 'the receipt names the order number').toBeDefined();
    expect(receipt!.text).toContain(`Part no. ${screws.sku}`);
    const invoice = await t.app.inject({
      url: `/api/orders/${several}/invoice.pdf`,
      headers: { cookie: alice.cookie },
    });
    expect(invoice.statusCode).toBe(200);
    const text = await pdfText(invoice.rawPayload);
    expect(text).toContain(numbers.get(several));
    expect(text).toContain(`Part no. ${board.sku}`);
    expect(text).toContain(`Part no. ${screws.sku}`);

    // The accounting export: the number and the part number of every line, as its last columns.
    const csv = await t.app.inject({
      url: '/api/allPurchases.csv',
      headers: { cookie: owner.cookie },
    });
    expect(csv.statusCode).toBe(200);
    const [header, ...records] = csv.body
      .slice(1)
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    const orderNumber = header!.indexOf('order_number');
    expect(header![orderNumber + 1]).toBe('part_number');
    expect(
      records
        .filter((r) => r[0] === several)
        .map((r) => [r[8], r[orderNumber], r[orderNumber + 1]]),
    ).toEqual([
      ['1', numbers.get(several), board.sku],
      ['2', numbers.get(several), screws.sku],
    ]);
  });

  it('keeps on each order line the part number it was bought under (null on older lines)', async () => {
    const { memory, board, screws } = await threeParts();
    expect(board.sku).toMatch(/^PS-[A-Z0-9]+-\d{6}$/);
    const single = await purchase(alice.cookie, memory.id, 1);
    const several = await checkedOut(alice.cookie, [
      [board.id, 2],
      [screws.id, 5],
    ]);

    expect(await one(single)).toMatchObject({ sku: memory.sku });
    const order = await one(several);
    expect(order.sku).toBe(board.sku);
    expect(order.lines!.map((l) => [l.partId, l.sku, l.quantity])).toEqual([
      [board.id, board.sku, 2],
      [screws.id, screws.sku, 5],
    ]);

    // A quote's order carries them too.
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/quotes',
      headers: { cookie: alice.cookie },
      payload: { lines: [{ partId: screws.id, quantity: 20 }], message: 'For the workshop.' },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    const quoteId = quote.json()._id as string;
    const answered = await t.app.inject({
      method: 'PUT',
      url: `/api/quotes/${quoteId}`,
      headers: { cookie: owner.cookie },
      payload: {
        lines: [{ partId: screws.id, unitPrice: 1 }],
        validUntil: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/quotes/${quoteId}/accept`,
      headers: { cookie: alice.cookie },
      payload: { addressId: await addressOf(alice.cookie) },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const quoted = await db()
      .select({ sku: orderLines.sku })
      .from(orderLines)
      .where(eq(orderLines.partId, screws.id));
    expect(quoted.map((l) => l.sku)).toEqual([screws.sku, screws.sku]);

    // The part's number changes later: the order keeps the one it was bought under.
    await db()
      .update(parts)
      .set({ sku: `NEW-${tag()}` })
      .where(eq(parts.id, memory.id));
    expect((await one(single)).sku).toBe(memory.sku);

    // An order written before part numbers has none.
    const old = await legacyOrder(memory);
    expect((await one(old.id)).sku).toBeNull();
    expect((await one(old.id)).number).toMatch(NUMBER);
  });

  it('searches a customer’s own orders by order number, part name and part number', async () => {
    const { memory, board, screws } = await threeParts();
    const single = await purchase(alice.cookie, memory.id, 2);
    const several = await checkedOut(alice.cookie, [
      [board.id, 1],
      [screws.id, 5],
    ]);
    const bobs = await purchase(bob.cookie, board.id, 1);
    const number = (await one(single)).number;

    expect(await found(number)).toEqual([single]);
    expect(await found(`  ${number.toLowerCase()} `)).toEqual([single]);
    expect(await found(memory.name.toUpperCase())).toEqual([single]);
    // Any line: the second line's part number, and words from two lines of one order.
    expect(await found(screws.sku)).toEqual([several]);
    expect(await found(screws.sku.toLowerCase())).toEqual([several]);
    const [boardWord, screwsWord] = [board.name.split(' ')[1]!, screws.name.split(' ')[0]!];
    expect(await found(`${boardWord} ${screwsWord} ${board.name.split(' ').at(-1)}`)).toEqual([
      several,
    ]);
    expect(await found(`${memory.name} ${screwsWord}`)).toEqual([]);
    // LIKE's wildcards are only characters here.
    expect(await found('%')).toEqual([]);
    expect(await found('_')).toEqual([]);
    // An empty search lists every order.
    const everything = await found('   ');
    expect(everything).toEqual(expect.arrayContaining([single, several]));
    expect(everything).not.toContain(bobs);

    // Only her own: Bob's order of the same board is not found, nor by his number, and she
    // cannot list his by giving his address.
    expect(await found(board.name)).toEqual([several]);
    expect(await found((await one(bobs, bob.cookie)).number)).toEqual([]);
    expect(await found(board.name, bob.cookie, 'bob@example.com')).toEqual([bobs]);
    const forged = await list(alice.cookie, 'bob@example.com', board.name);
    expect(forged.statusCode).toBe(403);
    expect((await list(alice.cookie, 'alice@example.com', 'x'.repeat(101))).statusCode).toBe(400);
    expect(
      (await t.app.inject({ url: `/api/orders?userEmail=alice@example.com&q=x` })).statusCode,
    ).toBe(401);

    // The admins search every order the same way, a page at a time.
    const res = await adminPage(`q=${encodeURIComponent(board.name)}&limit=1`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(OrderList.parse(res.json()).map((o) => o._id)).toEqual([bobs]);
    const next = await adminPage(
      `q=${encodeURIComponent(board.name)}&limit=1&cursor=${res.headers['x-next-cursor']}`,
    );
    expect(OrderList.parse(next.json()).map((o) => o._id)).toEqual([several]);
    expect(next.headers['x-next-cursor']).toBeUndefined();
    const byNumber = await adminPage(`q=${number}`);
    expect(OrderList.parse(byNumber.json()).map((o) => o._id)).toEqual([single]);
    expect(
      (
        await t.app.inject({
          url: `/api/allPurchases?q=${number}`,
          headers: { cookie: alice.cookie },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('"Order again" puts an order’s lines in its owner’s cart at today’s prices, within the cart’s rules', async () => {
    await emptyCart(alice);
    const n = tag();
    const [fan, psu, cable, bracket] = await insertParts(db(), [
      { name: `Again fan ${n}`, priceCents: 1_000, availableQuantity: 50 },
      { name: `Again PSU ${n}`, priceCents: 9_000, availableQuantity: 50 },
      { name: `Again cable ${n}`, priceCents: 500, availableQuantity: 50 },
      { name: `Again bracket ${n}`, priceCents: 200, availableQuantity: 50 },
    ]);
    const id = await checkedOut(alice.cookie, [
      [fan!.id, 3],
      [psu!.id, 2],
      [cable!.id, 5],
      [bracket!.id, 2],
    ]);
    // Since then: the fan costs more, two PSUs are too many, the cable left the catalogue, and
    // the bracket is sold 10 at a time. Alice holds a fan in her cart already.
    await db().update(parts).set({ priceCents: 1_250 }).where(eq(parts.id, fan!.id));
    await db().update(parts).set({ availableQuantity: 1 }).where(eq(parts.id, psu!.id));
    await db().update(parts).set({ deletedAt: new Date() }).where(eq(parts.id, cable!.id));
    await db().update(parts).set({ minOrderQuantity: 10 }).where(eq(parts.id, bracket!.id));
    expect((await put(alice.cookie, fan!.id, 1)).statusCode).toBe(200);

    const res = await reorder(id, alice.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(ReorderAnswer.parse(res.json())).toEqual({
      added: [
        { partId: fan!.id, name: fan!.name, quantity: 3 },
        { partId: psu!.id, name: psu!.name, quantity: 1 },
        { partId: bracket!.id, name: bracket!.name, quantity: 10 },
      ],
      skipped: [{ partId: cable!.id, name: cable!.name, reason: 'deleted' }],
    });
    const cart = await cartOf(alice.cookie);
    expect(cart.lines.map((l) => [l.partId, l.quantity, l.price])).toEqual([
      [fan!.id, 4, 12.5],
      [psu!.id, 1, 90],
      [bracket!.id, 10, 2],
    ]);

    // Again: the PSU's one unit is in the cart already; nothing more of it can go in.
    const again = ReorderAnswer.parse((await reorder(id, alice.cookie)).json());
    expect(again.added.map((a) => [a.partId, a.quantity])).toEqual([
      [fan!.id, 3],
      [bracket!.id, 2],
    ]);
    expect(again.skipped.map((s) => [s.partId, s.reason])).toEqual([
      [psu!.id, 'out_of_stock'],
      [cable!.id, 'deleted'],
    ]);
    // Nothing in stock at all.
    await db().update(parts).set({ availableQuantity: 0 }).where(eq(parts.id, fan!.id));
    await emptyCart(alice);
    const none = ReorderAnswer.parse((await reorder(id, alice.cookie)).json());
    expect(none.skipped.find((s) => s.partId === fan!.id)?.reason).toBe('out_of_stock');
    await emptyCart(alice);

    // A line whose part was deleted for good has no part to put in the cart.
    const legacy = await legacyOrder({ id: null, name: 'A part long gone' });
    expect((await reorder(legacy.id, alice.cookie)).json()).toEqual({
      added: [],
      skipped: [{ partId: null, name: 'A part long gone', reason: 'deleted' }],
    });

    // Only the order's owner: anyone else, an admin too, is told there is no such order.
    expect((await reorder(id, bob.cookie)).statusCode).toBe(404);
    expect((await reorder(id, owner.cookie)).statusCode).toBe(404);
    expect((await reorder(id)).statusCode).toBe(401);
    expect((await reorder(crypto.randomUUID(), alice.cookie)).statusCode).toBe(404);
    expect((await reorder('not-an-id', alice.cookie)).statusCode).toBe(400);
    expect(await cartOf(bob.cookie)).toMatchObject({ lines: [] });
  });

  it('"Order again" leaves out a new part when the cart holds MAX_CART_LINES, and counts in the cart’s rate limit', async () => {
    const carol = await signUp(t, { email: 'carol@example.com', name: 'Carol', mails });
    const [wanted, ...filler] = await insertParts(
      db(),
      Array.from({ length: MAX_CART_LINES + 1 }, (_, i) => ({
        name: `Full cart part ${i} ${tag()}`,
        availableQuantity: 100,
      })),
    );
    const id = await purchase(carol.cookie, wanted!.id, 2);
    await db()
      .insert(cartLines)
      .values(filler.map((p) => ({ userId: carol.user.id, partId: p.id, quantity: 1 })));
    const full = await reorder(id, carol.cookie);
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json()).toEqual({
      added: [],
      skipped: [{ partId: wanted!.id, name: wanted!.name, reason: 'cart_full' }],
    });
    expect((await cartOf(carol.cookie)).lines).toHaveLength(MAX_CART_LINES);
    // A part the full cart holds already takes more.
    await db()
      .delete(cartLines)
      .where(
        sql`${cartLines.userId} = ${carol.user.id} and ${cartLines.partId} = ${filler[0]!.id}`,
      );
    await db().insert(cartLines).values({ userId: carol.user.id, partId: wanted!.id, quantity: 1 });
    expect(ReorderAnswer.parse((await reorder(id, carol.cookie)).json()).added).toEqual([
      { partId: wanted!.id, name: wanted!.name, quantity: 2 },
    ]);

    // The cart's limit: setting a line and ordering again count together.
    const dave = await signUp(t, { email: 'dave@example.com', name: 'Dave', mails });
    const daves = await purchase(dave.cookie, wanted!.id, 1);
    expect((await put(dave.cookie, filler[1]!.id, 1)).statusCode).toBe(200);
    for (let i = 1; i < CART_LIMIT; i++)
      expect((await reorder(daves, dave.cookie)).statusCode, `call ${i + 1}`).toBe(200);
    const limited = await reorder(daves, dave.cookie);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});
