import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SearchAnswer } from '@partsmith/contract';
import type { PartRow } from '../src/db/schema/parts.ts';
import { insertParts } from '../src/db/seed/factories.ts';
import { BestSellers } from '../src/modules/parts/best-sellers.ts';
import { DB_KINDS, buildTestApp, type TestApp } from './helpers.ts';
import { insertOrders } from './order-rows.ts';

// The footer's and the home page's collections (issue 48): new parts, parts on volume price and
// best sellers, each a search of the catalogue (GET /api/parts/search).

const DAY_MS = 86_400_000;
const BREAKS = [
  { minQuantity: 10, priceCents: 1800 },
  { minQuantity: 50, priceCents: 1600 },
];

/** The parts, in the order they are added to the catalogue (their `seq`). */
const CATALOGUE = [
  { key: 'old-seller', breaks: false },
  { key: 'recent-small', breaks: true },
  { key: 'checkout-line', breaks: false },
  { key: 'recent-big', breaks: false },
  { key: 'unlisted', breaks: true, listed: false },
  { key: 'refunded', breaks: true },
  { key: 'unpaid', breaks: false },
  { key: 'older-seller', breaks: true },
  { key: 'never-b', breaks: true },
  { key: 'deleted', breaks: true, deleted: true },
  { key: 'newest', breaks: false },
] as const;

type Key = (typeof CATALOGUE)[number]['key'];

describe.each(DB_KINDS)('the catalogue’s collections on %s', (kind) => {
  let t: TestApp;
  const byKey = new Map<Key, PartRow>();
  const keyOf = new Map<string, Key>();

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' } });
    const db = t.database.db;
    // One at a time: each part's seq (its place in "newest") is the order written here.
    for (const part of CATALOGUE) {
      const [row] = await insertParts(db, [
        {
          name: `Collection part ${part.key}`,
          priceCents: 2000,
          priceBreaks: part.breaks ? BREAKS : [],
          listed: !('listed' in part) || part.listed,
          deletedAt: 'deleted' in part ? new Date() : null,
        },
      ]);
      byKey.set(part.key, row!);
      keyOf.set(row!.id, part.key);
    }
    const now = Date.now();
    let n = 0;
    const order = (
      key: Key,
      quantity: number,
      daysAgo: number,
      state: { paid?: boolean; refunded?: boolean } = {},
    ) => {
      const part = byKey.get(key)!;
      const paid = state.paid ?? true;
      const at = new Date(now - daysAgo * DAY_MS);
      n++;
      return {
        partId: part.id,
        name: part.name,
        image: part.image,
        description: part.description,
        unitPriceCents: part.priceCents,
        quantity,
        userEmail: `buyer${n}@example.com`,
        userName: `Buyer ${n}`,
        address: '1 Main Street, Springfield, IL 62701',
        phone: '+1 (217) 555-0100',
        stockAfter: 0,
        paid,
        transactionId: paid ? `pi_collections_${n}` : null,
        paidAt: paid ? at : null,
        refundedAt: state.refunded ? new Date(now) : null,
        createdAt: at,
      };
    };
    await insertOrders(db, [
      // The last 90 days: recent-big 12 (two orders), recent-small 5.
      order('recent-big', 7, 3),
      order('recent-big', 5, 40),
      order('recent-small', 5, 10),
      // Only older sales: ranked after every recent seller, by their sales of all time.
      order('old-seller', 200, 200),
      order('older-seller', 30, 400),
      // Sold the most, but never shown: unlisted, deleted.
      order('unlisted', 1000, 1),
      order('deleted', 1000, 1),
      // Not sales: refunded, and never paid.
      order('refunded', 500, 2, { refunded: true }),
      order('unpaid', 500, 2, { paid: false }),
    ]);
    // A checkout's order of two lines: its lines count, each for its own part.
    await insertOrders(db, {
      ...order('recent-small', 1, 5),
      lines: [
        { partId: byKey.get('recent-small')!.id, name: 'x', unitPriceCents: 2000, quantity: 6 },
        { partId: byKey.get('checkout-line')!.id, name: 'y', unitPriceCents: 2000, quantity: 1 },
      ],
    });
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  const search = async (query: string) => {
    const res = await t.app.inject(`/api/parts/search?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return SearchAnswer.parse(res.json());
  };
  /** Every page of a search, `limit` parts at a time, through its cursors. */
  const allPages = async (query: string, limit: number) => {
    const keys: Key[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 20; pages++) {
      const answer = await search(
        `${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      keys.push(...answer.items.map((p) => keyOf.get(p._id)!));
      cursor = answer.nextCursor;
      if (!cursor) return keys;
    }
    throw new Error('the pages did not end');
  };
  const listed = CATALOGUE.filter((p) => !('listed' in p) && !('deleted' in p)).map((p) => p.key);

  it('lists the new parts newest first, every page, without the unlisted or deleted', async () => {
    const expected = [...listed].reverse();
    const first = await search('sort=newest');
    expect(first.items.map((p) => keyOf.get(p._id))).toEqual(expected);
    expect(first.total).toBe(listed.length);
    expect(await allPages('sort=newest', 2)).toEqual(expected);
  });

  it('keeps to the parts on volume price with volume=true', async () => {
    const expected = listed.filter((key) => CATALOGUE.find((p) => p.key === key)!.breaks);
    expect(expected).toEqual(['recent-small', 'refunded', 'older-seller', 'never-b']);
    const answer = await search('volume=true');
    expect(answer.items.map((p) => keyOf.get(p._id))).toEqual(expected);
    expect(answer.total).toBe(expected.length);
    for (const part of answer.items) expect(part.priceBreaks.length).toBeGreaterThan(0);
    // With text too (the filter then applies to the text's hits).
    const text = await search('volume=1&q=collection&sort=newest');
    expect(text.items.map((p) => keyOf.get(p._id))).toEqual([...expected].reverse());
    // volume=false is no filter.
    expect((await search('volume=false')).total).toBe(listed.length);
    expect((await t.app.inject('/api/parts/search?volume=maybe')).statusCode).toBe(400);
  });

  it('sorts the best sellers from the paid, not refunded orders: the last 90 days, then all time', async () => {
    const expected: Key[] = [
      // recent-small: 5 + 6 units (two orders) against recent-big's 12.
      'recent-big',
      'recent-small',
      // One unit, on the second line of a checkout's order.
      'checkout-line',
      // No sale in 90 days: by the units of all time.
      'old-seller',
      'older-seller',
      // Never sold (refunded and unpaid orders are not sales): the catalogue's order.
      'refunded',
      'unpaid',
      'never-b',
      'newest',
    ];
    const answer = await search('sort=best-selling');
    expect(answer.items.map((p) => keyOf.get(p._id))).toEqual(expected);
    expect(answer.total).toBe(listed.length);
    // The same order a page at a time, across the sold and the never sold.
    expect(await allPages('sort=best-selling', 2)).toEqual(expected);
    expect(await allPages('sort=best-selling', 4)).toEqual(expected);
    // With a filter and text: the same ranking among the parts they keep.
    const volume = await search('sort=best-selling&volume=true&q=collection');
    expect(volume.items.map((p) => keyOf.get(p._id))).toEqual([
      'recent-small',
      'older-seller',
      'refunded',
      'never-b',
    ]);
    // A cursor of another sort is refused.
    const newest = await search('sort=newest&limit=1');
    const res = await t.app.inject(
      `/api/parts/search?sort=best-selling&cursor=${newest.nextCursor}`,
    );
    expect(res.statusCode).toBe(400);
  });

  it('reads the sales again a minute after it read them, not before', async () => {
    const db = t.database.db;
    const bestSellers = new BestSellers(db);
    let now = 1_000_000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const before = await bestSellers.get();
    // The unlisted and deleted parts are ranked here (1000 units each); the search leaves them out.
    const top = (ids: readonly string[]) => [
      new Set(ids.slice(0, 2).map((id) => keyOf.get(id))),
      ...ids.slice(2, 4).map((id) => keyOf.get(id)),
    ];
    expect(top(before)).toEqual([new Set(['deleted', 'unlisted']), 'recent-big', 'recent-small']);
    // never-b sells 100 units today.
    const part = byKey.get('never-b')!;
    await insertOrders(db, {
      partId: part.id,
      name: part.name,
      image: part.image,
      description: part.description,
      unitPriceCents: part.priceCents,
      quantity: 100,
      userEmail: 'late@example.com',
      userName: 'Late Buyer',
      address: '1 Main Street, Springfield, IL 62701',
      phone: '+1 (217) 555-0100',
      stockAfter: 0,
      paid: true,
      transactionId: 'pi_collections_late',
      paidAt: new Date(),
    });
    now += 59_000;
    expect(await bestSellers.get()).toBe(before);
    now += 2_000;
    expect(top(await bestSellers.get())).toEqual([
      new Set(['deleted', 'unlisted']),
      'never-b',
      'recent-big',
    ]);
  });
});
