import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_BULK_MAX, type AdminPartsBulkBody } from '@partsmith/contract/admin-lists';
import { auditLog, parts, stockAlerts } from '../src/db/schema/index.ts';
import { insertPart, insertParts } from '../src/db/seed/factories.ts';
import { scaledCents, scaledPrices } from '../src/modules/parts/bulk.ts';
import { signUp } from './auth-helpers.ts';
import { buildTestApp, DB_KINDS, MAIL_WAIT, recordingMailer, type TestApp } from './helpers.ts';

describe('scaledPrices', () => {
  it('rounds to the nearest cent, half up, in whole numbers, never below a cent', () => {
    expect(scaledCents(1999, 10)).toBe(2199); // 2198.9
    expect(scaledCents(1000, -50)).toBe(500);
    expect(scaledCents(999, -50)).toBe(500); // 499.5
    expect(scaledCents(1, 1000)).toBe(11);
    expect(scaledCents(5, -90)).toBe(1); // 0.5
    expect(scaledCents(4, -90)).toBe(1); // 0.4, held at a cent
    expect(scaledCents(2000, 12.5)).toBe(2250);
    expect(scaledCents(3333, -33.33)).toBe(2222); // 2222.0589
  });

  it('keeps every break cheaper than the one before, dropping what cannot be', () => {
    expect(
      scaledPrices(
        {
          priceCents: 1999,
          priceBreaks: [
            { minQuantity: 10, priceCents: 1799 },
            { minQuantity: 50, priceCents: 1599 },
          ],
        },
        10,
      ),
    ).toEqual({
      priceCents: 2199,
      priceBreaks: [
        { minQuantity: 10, priceCents: 1979 },
        { minQuantity: 50, priceCents: 1759 },
      ],
    });
    // 999 and 998 halved both round to 500, the base's price: a cent apart below it.
    expect(
      scaledPrices(
        {
          priceCents: 1000,
          priceBreaks: [
            { minQuantity: 5, priceCents: 999 },
            { minQuantity: 10, priceCents: 998 },
          ],
        },
        -50,
      ).priceBreaks,
    ).toEqual([
      { minQuantity: 5, priceCents: 499 },
      { minQuantity: 10, priceCents: 498 },
    ]);
    // At the floor: the base costs a cent, no break can be cheaper.
    expect(
      scaledPrices(
        {
          priceCents: 5,
          priceBreaks: [
            { minQuantity: 5, priceCents: 4 },
            { minQuantity: 9, priceCents: 3 },
          ],
        },
        -90,
      ),
    ).toEqual({ priceCents: 1, priceBreaks: [] });
  });

  it('gives valid breaks for any valid part and percentage', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    for (let run = 0; run < 2000; run++) {
      const priceCents = 1 + random(50_000);
      const priceBreaks = [];
      let price = priceCents;
      let quantity = 1;
      for (let b = random(6); b > 0 && price > 1; b--) {
        price -= 1 + random(Math.min(price - 1, 500));
        quantity += 1 + random(50);
        priceBreaks.push({ minQuantity: quantity, priceCents: price });
      }
      const percent = (random(109_001) - 9000) / 100;
      const out = scaledPrices({ priceCents, priceBreaks }, percent);
      expect(out.priceCents).toBeGreaterThanOrEqual(1);
      let before = out.priceCents;
      let minQuantity = 0;
      for (const b of out.priceBreaks) {
        expect(b.priceCents).toBeGreaterThanOrEqual(1);
        expect(b.priceCents).toBeLessThan(before);
        expect(b.minQuantity).toBeGreaterThan(minQuantity);
        before = b.priceCents;
        minQuantity = b.minQuantity;
      }
      // Only breaks squeezed to the floor go, and then every one after them.
      expect(out.priceBreaks.length === priceBreaks.length || before === 1).toBe(true);
    }
  });
});

describe.each(DB_KINDS)('bulk actions on parts, on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let customer: string;
  const mail = recordingMailer();

  /** When the app started: its back-in-stock sender looks once 2 s after, then every 20 s. */
  let started = 0;
  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: { ADMIN_EMAILS: 'owner@example.com' },
      deps: { mailer: mail.mailer },
    });
    started = Date.now();
    admin = (await signUp(t, { email: 'owner@example.com', mails: mail.mails })).cookie;
    customer = (await signUp(t, { email: 'cara@example.com', mails: mail.mails })).cookie;
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const bulk = (body: AdminPartsBulkBody | Record<string, unknown>, cookie = admin) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/parts/bulk',
      headers: { cookie, origin: t.config.publicUrl },
      payload: body,
    });
  const rowsOf = (ids: string[]) =>
    db().select().from(parts).where(inArray(parts.id, ids)).orderBy(parts.seq);
  const auditOf = (ids: string[]) =>
    db().select().from(auditLog).where(inArray(auditLog.targetId, ids)).orderBy(auditLog.seq);

  it('changes prices and volume prices by a percentage, each part audited once', async () => {
    const [a, b] = await insertParts(db(), [
      {
        name: 'Bulk Bench Vise',
        priceCents: 1999,
        minOrderQuantity: 1,
        priceBreaks: [
          { minQuantity: 10, priceCents: 1799 },
          { minQuantity: 50, priceCents: 1599 },
        ],
      },
      { name: 'Bulk Wire Cutter', priceCents: 1000 },
    ]);
    const res = await bulk({
      ids: [a!.id, b!.id, a!.id],
      action: { kind: 'price-percent', percent: 10 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 2 });
    const part = (await t.app.inject(`/api/part/${a!.id}`)).json();
    expect(part).toMatchObject({
      price: 21.99,
      priceBreaks: [
        { minQuantity: 10, price: 19.79 },
        { minQuantity: 50, price: 17.59 },
      ],
    });
    expect((await rowsOf([b!.id]))[0]!.priceCents).toBe(1100);

    const entries = await auditOf([a!.id, b!.id]);
    expect(entries).toHaveLength(2);
    const vise = entries.find((e) => e.targetId === a!.id)!;
    expect(vise).toMatchObject({ action: 'part.update', actorEmail: 'owner@example.com' });
    expect(vise.summary).toBe(
      'Bulk: raised the price of "Bulk Bench Vise" by 10% ($19.99 to $21.99)',
    );
    expect(vise.before).toMatchObject({ price: 19.99, listed: true });
    expect(vise.after).toMatchObject({ price: 21.99, priceBreaks: part.priceBreaks });

    // Down again, to the floor: never below $0.01, breaks kept valid.
    const cheap = await insertPart(db(), {
      priceCents: 5,
      priceBreaks: [
        { minQuantity: 5, priceCents: 4 },
        { minQuantity: 9, priceCents: 3 },
      ],
    });
    expect(
      (await bulk({ ids: [cheap.id], action: { kind: 'price-percent', percent: -90 } })).json(),
    ).toEqual({ updated: 1 });
    expect((await rowsOf([cheap.id]))[0]).toMatchObject({ priceCents: 1, priceBreaks: [] });
  });

  it('refuses a price over $1,000,000 and changes nothing', async () => {
    const [big, small] = await insertParts(db(), [
      { name: 'Bulk Gold Press', priceCents: 50_000_000 },
      { name: 'Bulk Tin Press', priceCents: 500 },
    ]);
    const res = await bulk({
      ids: [small!.id, big!.id],
      action: { kind: 'price-percent', percent: 200 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      '"Bulk Gold Press" would cost $1,500,000.00, over the highest price a part can have ($1,000,000.00): nothing was changed.',
    );
    expect((await rowsOf([big!.id, small!.id])).map((p) => p.priceCents)).toEqual([
      50_000_000, 500,
    ]);
    expect(await auditOf([big!.id, small!.id])).toEqual([]);
  });

  it('sets the stock with its low-stock marks, and mails those waiting for a part back in stock', async () => {
    const marked = new Date('2026-01-02T03:04:05.000Z');
    const [empty, plenty, low] = await insertParts(db(), [
      {
        name: 'Bulk Restock Board',
        availableQuantity: 0,
        minOrderQuantity: 1,
        lowStockAlertedAt: marked,
      },
      { name: 'Bulk Plenty Board', availableQuantity: 500, lowStockThreshold: 20 },
      {
        name: 'Bulk Low Board',
        availableQuantity: 3,
        lowStockThreshold: 20,
        lowStockAlertedAt: marked,
      },
    ]);
    await db()
      .insert(stockAlerts)
      .values({ partId: empty!.id, email: 'fan@example.com', confirmedAt: new Date() });

    // Past the sender's first look after start-up, so that only the bulk action's poke sends it.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + 2_500 - Date.now())));
    const res = await bulk({
      ids: [empty!.id, plenty!.id, low!.id],
      action: { kind: 'set-stock', quantity: 10 },
    });
    expect(res.json()).toEqual({ updated: 3 });
    const [a, b, c] = await rowsOf([empty!.id, plenty!.id, low!.id]);
    // At or above the threshold (twice the minimum, 2): no mark. Below it (20): marked, the
    // part that was marked keeps its mark, the other is marked now.
    expect(a).toMatchObject({ availableQuantity: 10, lowStockAlertedAt: null });
    expect(b!.availableQuantity).toBe(10);
    expect(b!.lowStockAlertedAt).toBeInstanceOf(Date);
    expect(c!.lowStockAlertedAt).toEqual(marked);
    // The sender is poked (it would otherwise look in 20 s): the mail goes out at once.
    await vi.waitFor(
      () => expect(mail.sent.map((m) => m.subject)).toContain('Back in stock: Bulk Restock Board'),
      MAIL_WAIT,
    );
    const entries = await auditOf([empty!.id]);
    expect(entries.map((e) => e.summary)).toEqual([
      'Bulk: set the stock of "Bulk Restock Board" to 10 (was 0)',
    ]);
    expect(entries[0]!.before).toMatchObject({ availableQuantity: 0 });
    expect(entries[0]!.after).toMatchObject({ availableQuantity: 10 });
  });

  it('unlists and lists parts: the catalogue and its count follow at once', async () => {
    const list = async () => {
      const res = await t.app.inject('/api/allParts?limit=100');
      return {
        ids: res.json().map((p: { _id: string }) => p._id),
        total: res.headers['x-total-count'],
      };
    };
    const [p, q] = await insertParts(db(), [
      { name: 'Bulk Shown Fan' },
      { name: 'Bulk Hidden Fan' },
    ]);
    const before = await list();
    expect(before.ids).toEqual(expect.arrayContaining([p!.id, q!.id]));
    // Asked twice: the second answer comes from the catalogue's cache.
    expect(await list()).toEqual(before);

    expect((await bulk({ ids: [p!.id, q!.id], action: { kind: 'unlist' } })).json()).toEqual({
      updated: 2,
    });
    const hidden = await list();
    expect(hidden.ids).not.toContain(p!.id);
    expect(hidden.ids).not.toContain(q!.id);
    expect(Number(hidden.total)).toBe(Number(before.total) - 2);
    // The admins' table still shows them, unlisted.
    const table = (
      await t.app.inject({
        url: '/api/admin/parts?listed=false&limit=100',
        headers: { cookie: admin },
      })
    ).json();
    expect(table.items.map((r: { _id: string }) => r._id)).toEqual(
      expect.arrayContaining([p!.id, q!.id]),
    );

    expect((await bulk({ ids: [q!.id], action: { kind: 'list' } })).json()).toEqual({ updated: 1 });
    const shown = await list();
    expect(shown.ids).toContain(q!.id);
    expect(shown.ids).not.toContain(p!.id);
    const entries = await auditOf([q!.id]);
    expect(entries.map((e) => e.summary)).toEqual([
      'Bulk: unlisted "Bulk Hidden Fan"',
      'Bulk: listed "Bulk Hidden Fan"',
    ]);
    expect(entries[0]).toMatchObject({ before: { listed: true }, after: { listed: false } });
  });

  it('refuses the whole action when a selected part is not in the catalogue (404)', async () => {
    const [kept, gone] = await insertParts(db(), [
      { name: 'Bulk Kept Lamp', availableQuantity: 5 },
      { name: 'Bulk Gone Lamp', availableQuantity: 5, deletedAt: new Date() },
    ]);
    for (const missing of [gone!.id, randomUUID()]) {
      const res = await bulk({
        ids: [kept!.id, missing],
        action: { kind: 'set-stock', quantity: 99 },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(
        'One of the selected parts is not in the catalogue any more: nothing was changed. Reload the list and try again.',
      );
    }
    const [row] = await db().select().from(parts).where(eq(parts.id, kept!.id));
    expect(row!.availableQuantity).toBe(5);
    expect(await auditOf([kept!.id, gone!.id])).toEqual([]);
  });

  it('checks the body, and answers only admins', async () => {
    const part = await insertPart(db());
    const bad: Record<string, unknown>[] = [
      { ids: [], action: { kind: 'list' } },
      {
        ids: Array.from({ length: ADMIN_BULK_MAX + 1 }, () => randomUUID()),
        action: { kind: 'list' },
      },
      { ids: ['not-an-id'], action: { kind: 'list' } },
      { ids: [part.id], action: { kind: 'price-percent', percent: -91 } },
      { ids: [part.id], action: { kind: 'price-percent', percent: 1000.5 } },
      { ids: [part.id], action: { kind: 'price-percent', percent: 1.234 } },
      { ids: [part.id], action: { kind: 'set-stock', quantity: -1 } },
      { ids: [part.id], action: { kind: 'set-stock', quantity: 2.5 } },
      { ids: [part.id], action: { kind: 'delete' } },
      { ids: [part.id] },
    ];
    for (const body of bad) expect((await bulk(body)).statusCode, JSON.stringify(body)).toBe(400);
    const ok = { ids: [part.id], action: { kind: 'unlist' } };
    expect((await bulk(ok, customer)).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/parts/bulk',
          headers: { origin: t.config.publicUrl },
          payload: ok,
        })
      ).statusCode,
    ).toBe(401);
    expect((await rowsOf([part.id]))[0]!.listed).toBe(true);
  });
});
