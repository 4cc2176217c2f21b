import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { OrderList } from '@partsmith/contract';
import { orders, parts } from '../src/db/schema/index.ts';
import { insertPart } from '../src/db/seed/factories.ts';
import { DB_KINDS, buildTestApp, type TestApp, MAIL_WAIT } from './helpers.ts';
import { signUp } from './auth-helpers.ts';

const ADDRESS = '1 Main Street, Springfield, IL 62701';
const PHONE = '+1 (217) 555-0100';

describe.each(DB_KINDS)('buying on %s', (kind) => {
  let t: TestApp;
  let alice: { cookie: string; user: { id: string } };
  let bob: { cookie: string; user: { id: string } };
  beforeAll(async () => {
    t = await buildTestApp(kind);
    alice = await signUp(t, { email: 'alice@example.com', name: 'Alice Buyer' });
    bob = await signUp(t, { email: 'bob@example.com', name: 'Bob Other' });
  });
  afterAll(() => t.close());

  const purchase = (cookie: string, body: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: { cookie, ...headers },
      payload: body,
    });
  const stockOf = async (id: string) =>
    (
      await t.database.db.select({ q: parts.availableQuantity }).from(parts).where(eq(parts.id, id))
    )[0]!.q;

  it('places an order from the catalogue and the session, ignoring what else the body says', async () => {
    const part = await insertPart(t.database.db, {
      name: 'Forge DDR5',
      priceCents: 10999,
      availableQuantity: 50,
      minOrderQuantity: 2,
    });
    const res = await purchase(alice.cookie, {
      partId: part.id,
      quantity: 3,
      address: ADDRESS,
      phone: PHONE,
      price: 0.01,
      paid: true,
      transactionId: 'pi_forged',
      userEmail: 'bob@example.com',
      availableQuantity: 9999,
      status: 'shipped',
      name: 'Free stuff',
    });
    expect(res.statusCode).toBe(200);
    const { insertedId } = res.json();
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, insertedId));
    expect(row).toMatchObject({
      name: 'Forge DDR5',
      unitPriceCents: 10999,
      quantity: 3,
      userEmail: 'alice@example.com',
      userName: 'Alice Buyer',
      paid: false,
      transactionId: null,
      shippedAt: null,
      stockAfter: 47,
    });
    expect(await stockOf(part.id)).toBe(47);
    await vi.waitFor(
      () =>
        expect(
          t.outbox().some((m) => m.includes('To: alice@example.com') && m.includes('Forge DDR5')),
        ).toBe(true),
      MAIL_WAIT,
    );
  });

  it('refuses a quantity out of range (422) or a missing part (404), and stores nothing', async () => {
    const part = await insertPart(t.database.db, { availableQuantity: 10, minOrderQuantity: 3 });
    for (const quantity of [2, 11]) {
      const res = await purchase(alice.cookie, {
        partId: part.id,
        quantity,
        address: ADDRESS,
        phone: PHONE,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(
        'The quantity must be at least the minimum order (3) and no higher than the available quantity (10).',
      );
    }
    const missing = await purchase(alice.cookie, {
      partId: '00000000-0000-4000-8000-000000000000',
      quantity: 1,
      address: ADDRESS,
      phone: PHONE,
    });
    expect(missing.statusCode).toBe(404);
    const bad = await purchase(alice.cookie, {
      partId: part.id,
      quantity: 3,
      address: '',
      phone: 'call me',
    });
    expect(bad.statusCode).toBe(400);
    expect(await stockOf(part.id)).toBe(10);
    expect(await t.database.db.select().from(orders).where(eq(orders.partId, part.id))).toEqual([]);
  });

  it('100 concurrent purchases against stock 30 sell exactly 30 units', async () => {
    const part = await insertPart(t.database.db, { availableQuantity: 30, minOrderQuantity: 1 });
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        purchase(alice.cookie, { partId: part.id, quantity: 1, address: ADDRESS, phone: PHONE }),
      ),
    );
    const ok = answers.filter((a) => a.statusCode === 200).length;
    expect(ok).toBe(30);
    expect(answers.every((a) => [200, 409, 422].includes(a.statusCode))).toBe(true);
    expect(await stockOf(part.id)).toBe(0);
    const sold = await t.database.db.select().from(orders).where(eq(orders.partId, part.id));
    expect(sold.reduce((n, o) => n + o.quantity, 0)).toBe(30);
  });

  it('the same Idempotency-Key 10 times in parallel makes one order and the same answer', async () => {
    const part = await insertPart(t.database.db, { availableQuantity: 100 });
    const body = { partId: part.id, quantity: 2, address: ADDRESS, phone: PHONE };
    const key = 'key-0123456789-abcdef';
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => purchase(alice.cookie, body, { 'idempotency-key': key })),
    );
    // Every one of the ten gets the first one's answer: 200 and the same order.
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const ids = new Set(answers.map((a) => a.json().insertedId as string));
    expect(ids.size).toBe(1);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(
      await t.database.db.select().from(orders).where(eq(orders.partId, part.id)),
    ).toHaveLength(1);
    expect(await stockOf(part.id)).toBe(98);
    const again = await purchase(alice.cookie, body, { 'idempotency-key': key });
    expect(again.json().insertedId).toBe([...ids][0]);
    const other = await purchase(
      alice.cookie,
      { ...body, quantity: 3 },
      { 'idempotency-key': key },
    );
    expect(other.statusCode).toBe(422);
  });

  it('lists only your own orders; another e-mail is 403', async () => {
    const mine = await t.app.inject({
      url: '/api/orders?userEmail=alice@example.com',
      headers: { cookie: alice.cookie },
    });
    const list = OrderList.parse(mine.json());
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((o) => o.userEmail === 'alice@example.com')).toBe(true);
    const theirs = await t.app.inject({
      url: '/api/orders?userEmail=alice@example.com',
      headers: { cookie: bob.cookie },
    });
    expect(theirs.statusCode).toBe(403);
    const bobs = await t.app.inject({
      url: '/api/orders?userEmail=bob@example.com',
      headers: { cookie: bob.cookie },
    });
    expect(bobs.json()).toEqual([]);
  });

  it("deletes an unpaid order (owner only) and puts its stock back; another customer's gets 404", async () => {
    const part = await insertPart(t.database.db, { availableQuantity: 20 });
    const { insertedId } = (
      await purchase(alice.cookie, { partId: part.id, quantity: 5, address: ADDRESS, phone: PHONE })
    ).json();
    expect(await stockOf(part.id)).toBe(15);
    expect(
      (await t.app.inject({ url: `/api/purchase/${insertedId}`, headers: { cookie: bob.cookie } }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/orders/${insertedId}`,
          headers: { cookie: bob.cookie },
        })
      ).statusCode,
    ).toBe(404);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/orders/${insertedId}`,
      headers: { cookie: alice.cookie },
    });
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await stockOf(part.id)).toBe(20);
  });
  it("keeps a bought part's new stock on its own page, so the purchase writes no index entry", async () => {
    // A catalogue loaded in bulk: every page of `parts` as full as the table lets it be.
    await t.database.db.execute(sql`
      insert into parts (name, description, image, price_cents, available_quantity, min_order_quantity)
      select 'Packed part ' || g, 'A part loaded in bulk with the others.', '/p.webp', 500, 40, 1
      from generate_series(1, 400) g`);
    const [packed] = await t.database.db
      .select({ id: parts.id })
      .from(parts)
      .where(eq(parts.name, 'Packed part 200'));
    const pageOf = async (id: string) =>
      (
        (await t.database.db.execute(
          sql`select (ctid::text::point)[0]::int as page from parts where id = ${id}`,
        )) as unknown as { rows: { page: number }[] }
      ).rows[0]!.page;
    const before = await pageOf(packed!.id);
    const res = await purchase(alice.cookie, {
      partId: packed!.id,
      quantity: 1,
      address: ADDRESS,
      phone: PHONE,
    });
    expect(res.statusCode).toBe(200);
    expect(await stockOf(packed!.id)).toBe(39);
    // The stock's new row version stays on its page (migration 0017 keeps room on each page):
    // PostgreSQL can then update it without touching any index (a HOT update), the four GIN
    // indexes the search reads among them.
    expect(await pageOf(packed!.id)).toBe(before);
  });
});
