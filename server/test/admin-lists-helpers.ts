import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { parts, quoteLines, quotes, users } from '../src/db/schema/index.ts';
import { insertParts, insertReviews } from '../src/db/seed/factories.ts';
import type { DbKind } from './helpers.ts';
import { openDashboards, type Dashboards } from './dashboard-helpers.ts';
import { insertOrders } from './order-rows.ts';

// The admins' tables (issue 48): every row once, in order, page after page, for each sort; the
// filters, the search and the counts; refused cursors and callers. What their suites share
// (admin-parts-list.test.ts, admin-orders-list.test.ts, admin-users-list.test.ts,
// admin-quotes-list.test.ts, admin-reviews-list.test.ts, admin-lists-refusals.test.ts).

export interface Item {
  _id: string;
}

/**
 * The shop of the `describe` that calls this (openDashboards: its admin and two customers):
 * opened before its tests, closed after them; `shop()` answers it once it is open. With the
 * calls the suites make on it, as the admin unless they say otherwise.
 */
export function adminListsSuite(kind: DbKind) {
  let opened: Dashboards;
  beforeAll(async () => {
    opened = await openDashboards(kind);
  });
  afterAll(() => opened.t.close());
  const shop = () => opened;

  const rowsOf = async (query: SQL) =>
    (
      (await shop().t.database.db.execute(query)) as unknown as {
        rows: Record<string, unknown>[];
      }
    ).rows;
  /** The ids of a plain query, in its order: what the pages must add up to. */
  const idsOf = async (query: SQL) => (await rowsOf(query)).map((r) => String(r.id));

  const get = (url: string, cookie = shop().admin) =>
    shop().t.app.inject({ method: 'GET', url, headers: { cookie } });

  /**
   * Every page of `path` with `params`, `limit` rows at a time, following nextCursor: each page
   * valid by `schema`, with the same total, full except the last; answers every row in order.
   */
  async function walk<T extends Item>(
    path: string,
    schema: { parse(v: unknown): { items: unknown[] } },
    params: Record<string, string> = {},
    limit = 3,
  ): Promise<{ items: T[]; total: number; pages: number }> {
    const items: T[] = [];
    let cursor: string | null = null;
    let total: number | undefined;
    let pages = 0;
    do {
      const qs = new URLSearchParams({ ...params, limit: String(limit) });
      if (cursor) qs.set('cursor', cursor);
      const res = await get(`${path}?${qs}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { items: T[]; nextCursor: string | null; total: number };
      schema.parse(body);
      total ??= body.total;
      expect(body.total).toBe(total);
      if (body.nextCursor) expect(body.items).toHaveLength(limit);
      else expect(body.items.length).toBeLessThanOrEqual(limit);
      items.push(...body.items);
      cursor = body.nextCursor;
      pages++;
    } while (cursor && pages < 500);
    expect(cursor).toBeNull();
    expect(items).toHaveLength(total!);
    expect(new Set(items.map((i) => i._id)).size).toBe(items.length);
    return { items, total: total!, pages };
  }
  const ids = (items: Item[]) => items.map((i) => i._id);
  return { shop, rowsOf, idsOf, get, walk, ids };
}

// The rows of each table, as its suite and the refusals' suite (every table at once) fill them.

/** The parts: 24 and a deleted one; answers the deleted part's id. */
export async function seedParts({ t }: Dashboards) {
  const { db } = t.database;
  // 24 parts in one statement: one created_at for all, so the seq breaks every tie.
  await insertParts(
    db,
    Array.from({ length: 24 }, (_, i) => ({
      name: `${['Anvil', 'Forge', 'Kiln', 'Bellows'][i % 4]} part ${String(i).padStart(2, '0')}`,
      description: i % 5 === 0 ? 'A 100% copper heat sink' : `Plain part number ${i}.`,
      priceCents: 500 + (i % 6) * 250,
      availableQuantity: [0, 3, 50, 7][i % 4]!,
      minOrderQuantity: 2,
      // Null: twice the minimum order (4); else its own.
      lowStockThreshold: i % 3 === 0 ? null : 10,
      category: i % 2 === 0 ? 'memory' : 'storage',
      listed: i % 7 !== 3,
      sku: `ADM-${i % 2 ? 'X' : 'Y'}${String(i).padStart(3, '0')}`,
    })),
  );
  // Times a microsecond apart (a JavaScript Date cannot tell them apart) and equal ones.
  await db.execute(sql`update ${parts} set created_at = case
      when seq % 4 = 0 then '2026-03-01 10:00:00.000001+00'::timestamptz
      when seq % 4 = 1 then '2026-03-01 10:00:00.000002+00'::timestamptz
      else created_at end`);
  const [gone] = await insertParts(db, [
    { name: 'Anvil deleted part', sku: 'ADM-GONE', deletedAt: new Date() },
  ]);
  return gone!.id;
}

/** The orders: 18 of every state, of `customer`, some of several lines. */
export async function seedOrders({ t, customer }: Dashboards) {
  const { db } = t.database;
  const base = {
    userId: customer.user.id,
    image: '/images/parts/tool-driver-kit.svg',
    description: 'An order',
    address: '1 Test Street, Springfield 12345',
    phone: '+1 555 010 0100',
    stockAfter: 5,
  };
  const day = (d: number, h = 12) => new Date(Date.UTC(2026, 4, d, h));
  let n = 0;
  const order = (over: Record<string, unknown>) => {
    n++;
    return {
      ...base,
      name: `Order part ${n}`,
      unitPriceCents: 1000 + (n % 5) * 300,
      quantity: 1 + (n % 3),
      userEmail: n % 2 ? 'cara@example.com' : `buyer${n}@example.com`,
      userName: n % 2 ? 'Cara Customer' : `Buyer Number${n}`,
      createdAt: day(1 + (n % 9)),
      lines: [
        {
          name: `Line part ${n}`,
          sku: `SKU-L${n}`,
          unitPriceCents: 1000 + (n % 5) * 300,
          quantity: 1 + (n % 3),
        },
        ...(n % 4 === 0
          ? [{ name: 'Thermal paste tube', sku: 'TP-1', unitPriceCents: 500, quantity: 1 }]
          : []),
      ],
      ...over,
    };
  };
  const paid = () => ({
    paid: true,
    transactionId: `pi_test_${randomUUID()}`,
    paidAt: new Date(),
  });
  await insertOrders(db, [
    ...Array.from({ length: 5 }, () => order({})),
    ...Array.from({ length: 3 }, () => order({ expiredAt: new Date() })),
    ...Array.from({ length: 4 }, () => order(paid())),
    ...Array.from({ length: 4 }, () => order({ ...paid(), shippedAt: new Date() })),
    order({ ...paid(), refundedAt: new Date() }),
    order({ ...paid(), shippedAt: new Date(), refundedAt: new Date() }),
  ]);
  // Two orders a microsecond apart, two at the same time.
  await db.execute(sql`update orders set created_at = case
      when seq % 5 = 0 then '2026-05-03 12:00:00.000001+00'::timestamptz
      when seq % 5 = 1 then '2026-05-03 12:00:00.000002+00'::timestamptz
      else created_at end`);
}

/**
 * An order of Acme's buyer on its company's payment terms, invoiced as `invoiceNumber` (not paid,
 * due far ahead unless `over` says otherwise), for insertOrders.
 */
export const orderOnTerms = (
  n: number,
  invoiceNumber: string,
  over: Record<string, unknown> = {},
) => ({
  name: `Terms part ${n}`,
  image: '/images/parts/tool-driver-kit.svg',
  description: 'On terms',
  unitPriceCents: 10_000,
  quantity: 1,
  userEmail: 'buyer@acme.example',
  userName: 'Acme Buyer',
  address: '1 Test Street, Springfield 12345',
  phone: '+1 555 010 0100',
  stockAfter: 5,
  paymentMethod: 'invoice',
  invoiceNumber,
  dueDate: '2999-01-15',
  ...over,
});

/** The accounts: 9 more, one of them an admin, three of one name. */
export async function seedUsers({ t }: Dashboards) {
  await t.database.db.insert(users).values(
    Array.from({ length: 9 }, (_, i) => ({
      name: i % 3 === 0 ? 'Zed Same Name' : `Person ${i}`,
      email: `person${i}@shop.example`,
      role: i === 4 ? 'admin' : 'customer',
      createdAt: new Date(Date.UTC(2026, 0, 1 + (i % 4))),
    })),
  );
}

/** The quotes: 10 of every state, one accepted as an order, each with one line. */
export async function seedQuotes({ t }: Dashboards) {
  const { db } = t.database;
  const [placed] = await insertOrders(db, {
    name: 'Quoted order',
    image: '/images/parts/tool-driver-kit.svg',
    description: 'An accepted quote',
    unitPriceCents: 900,
    quantity: 2,
    userEmail: 'quoter@example.com',
    userName: 'Quinn Quoter',
    address: '1 Test Street, Springfield 12345',
    phone: '+1 555 010 0100',
    stockAfter: 5,
  });
  const soon = new Date(Date.now() + 7 * 86_400_000);
  const past = new Date(Date.now() - 86_400_000);
  const states = [
    {},
    { answeredAt: new Date(), validUntil: soon },
    { answeredAt: past, validUntil: past },
    { answeredAt: past, validUntil: soon, acceptedAt: new Date(), orderId: placed!.id },
  ];
  const rows = await db
    .insert(quotes)
    .values(
      Array.from({ length: 10 }, (_, i) => ({
        userEmail: i % 2 ? 'quoter@example.com' : `asker${i}@example.com`,
        userName: i % 2 ? 'Quinn Quoter' : `Asker ${i}`,
        message: 'How much for many?',
        createdAt: new Date(Date.UTC(2026, 6, 1 + (i % 3))),
        ...(i === 3 ? states[3] : states[i % 3]),
      })),
    )
    .returning();
  await db.insert(quoteLines).values(
    rows.map((q, i) => ({
      quoteId: q.id,
      position: 0,
      name: i % 4 === 0 ? 'Copper heat sink' : 'Steel bracket',
      image: '/images/parts/tool-driver-kit.svg',
      quantity: 100,
      listPriceCents: 500,
      unitPriceCents: q.answeredAt ? 450 : null,
    })),
  );
}

/** The reviews: 11, some hidden, one by `customer`. */
export async function seedReviews({ t, customer }: Dashboards) {
  const rows = await insertReviews(
    t.database.db,
    Array.from({ length: 11 }, (_, i) => ({
      name: i % 2 ? 'Rita Reviewer' : `Reviewer ${i}`,
      type: i % 3 === 0 ? 'The anvil rings true' : 'Solid parts, fast shipping',
      rating: 1 + (i % 5),
      userId: i === 1 ? customer.user.id : null,
      hiddenAt: i % 4 === 0 ? new Date() : null,
      createdAt: new Date(Date.UTC(2026, 1, 1 + (i % 3))),
    })),
  );
  expect(rows).toHaveLength(11);
}
