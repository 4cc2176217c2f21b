import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { Part } from '@partsmith/contract';
import { lowStockMails, parts } from '../src/db/schema/index.ts';
import { insertPart } from '../src/db/seed/factories.ts';
import { DB_KINDS, type TestApp, recordingMailer } from './helpers.ts';
import { ADDRESS, PHONE, openOwnerTools } from './insights-helpers.ts';

// The low-stock alerts of the owner's tools; the figures and the export are in insights.test.ts.
describe.each(DB_KINDS)('the owner’s tools on %s', (kind) => {
  let t: TestApp;
  let owner: string;
  let buyers: { cookie: string }[];
  const { sent, mailer, mails } = recordingMailer();
  const lowStockMailsSent = () => sent.filter((m) => m.subject.startsWith('Low stock:'));

  beforeAll(async () => {
    ({ t, owner, buyers } = await openOwnerTools(kind, mailer, mails));
  });
  afterAll(() => t.close());

  const buy = (partId: string, quantity: number, buyer = buyers[0]!) =>
    t.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: { cookie: buyer.cookie },
      payload: { partId, quantity, address: ADDRESS, phone: PHONE },
    });
  const partRow = async (id: string) =>
    (await t.database.db.select().from(parts).where(eq(parts.id, id)))[0]!;
  /** Every queued low-stock mail sent (the purchases poke the sender; this waits for it). */
  const settle = async () => {
    await vi.waitFor(async () =>
      expect(await t.database.db.select().from(lowStockMails)).toEqual([]),
    );
    await t.app.lowStockMails.drain();
  };
  const patch = (id: string, body: object, cookie = owner) =>
    t.app.inject({ method: 'PATCH', url: `/api/tools/${id}`, headers: { cookie }, payload: body });

  describe('low-stock alerts', () => {
    it('mails the admins once when a purchase takes the stock below the threshold, again only after a restock above it', async () => {
      const part = await insertPart(t.database.db, {
        name: 'Alert Fan 120',
        availableQuantity: 10,
        minOrderQuantity: 1,
        lowStockThreshold: 5,
      });
      const before = lowStockMailsSent().length;
      expect((await buy(part.id, 4)).statusCode).toBe(200); // 6: not below
      await settle();
      expect(lowStockMailsSent()).toHaveLength(before);
      expect((await partRow(part.id)).lowStockAlertedAt).toBeNull();

      expect((await buy(part.id, 2)).statusCode).toBe(200); // 4: below, crossed
      expect((await buy(part.id, 1)).statusCode).toBe(200); // 3: still below, no new mail
      await settle();
      const first = lowStockMailsSent().slice(before);
      expect(first).toHaveLength(1);
      expect(first[0]!.to).toBe('owner@example.com, boss@example.com');
      expect(first[0]!.subject).toBe('Low stock: Alert Fan 120 (4 left)');
      expect(first[0]!.text).toContain('Stock: 4\n');
      expect(first[0]!.text).toContain('Threshold: 5\n');
      expect(first[0]!.text).toContain(`${t.config.publicUrl}/dashboard/manage-products`);
      expect((await partRow(part.id)).lowStockAlertedAt).toBeInstanceOf(Date);

      // The admin restocks to the threshold or above: re-armed; the next fall below mails again.
      expect((await patch(part.id, { availableQuantity: 7 })).statusCode).toBe(200);
      expect((await partRow(part.id)).lowStockAlertedAt).toBeNull();
      expect((await buy(part.id, 3)).statusCode).toBe(200); // 4: below again
      await settle();
      expect(lowStockMailsSent().slice(before)).toHaveLength(2);
      expect(lowStockMailsSent().at(-1)!.subject).toBe('Low stock: Alert Fan 120 (4 left)');
    });

    it('re-arms when a deleted order puts the stock back to the threshold or above', async () => {
      const part = await insertPart(t.database.db, {
        name: 'Alert Cable',
        availableQuantity: 6,
        minOrderQuantity: 1,
        lowStockThreshold: 5,
      });
      const before = lowStockMailsSent().length;
      const res = await buy(part.id, 2); // 4: crossed
      expect(res.statusCode).toBe(200);
      await settle();
      expect(lowStockMailsSent()).toHaveLength(before + 1);
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/orders/${res.json().insertedId}`,
        headers: { cookie: buyers[0]!.cookie },
      });
      expect(deleted.statusCode).toBe(200);
      const back = await partRow(part.id);
      expect(back.availableQuantity).toBe(6);
      expect(back.lowStockAlertedAt).toBeNull();
      expect((await buy(part.id, 2)).statusCode).toBe(200);
      await settle();
      expect(lowStockMailsSent()).toHaveLength(before + 2);
    });

    it('of many purchases crossing at once, exactly one mails', async () => {
      const part = await insertPart(t.database.db, {
        name: 'Alert Rush SSD',
        availableQuantity: 24,
        minOrderQuantity: 1,
        lowStockThreshold: 12,
      });
      const before = lowStockMailsSent().length;
      const answers = await Promise.all(
        Array.from({ length: 24 }, (_, i) => buy(part.id, 1, buyers[i % buyers.length])),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(24).fill(200));
      await settle();
      expect((await partRow(part.id)).availableQuantity).toBe(0);
      const mailed = lowStockMailsSent().slice(before);
      expect(mailed).toHaveLength(1);
      expect(mailed[0]!.subject).toBe('Low stock: Alert Rush SSD (11 left)');
    });

    it('takes twice the minimum order by default; admins set, reset and see the threshold', async () => {
      const added = await t.app.inject({
        method: 'POST',
        url: '/api/addParts',
        headers: { cookie: owner },
        payload: {
          name: 'Alert Default PSU',
          description: 'A power supply.',
          image: '/images/parts/tool-driver-kit.svg',
          price: 59.99,
          availableQuantity: 30,
          minOrderQuantity: 3,
        },
      });
      expect(added.statusCode).toBe(200);
      const id = added.json().insertedId as string;
      const read = async () => {
        const res = await t.app.inject(`/api/part/${id}`);
        return Part.parse(res.json()).lowStockThreshold;
      };
      expect(await read()).toBe(6);
      expect((await patch(id, { lowStockThreshold: 40 })).statusCode).toBe(200);
      expect(await read()).toBe(40);
      // Raised above the stock by the admin: marked (listed), not mailed.
      expect((await partRow(id)).lowStockAlertedAt).toBeInstanceOf(Date);
      expect((await patch(id, { lowStockThreshold: null })).statusCode).toBe(200);
      expect(await read()).toBe(6);
      expect((await partRow(id)).lowStockAlertedAt).toBeNull();
      expect((await patch(id, { lowStockThreshold: -1 })).statusCode).toBe(400);

      const withOwn = await t.app.inject({
        method: 'POST',
        url: '/api/addParts',
        headers: { cookie: owner },
        payload: {
          name: 'Alert Own Threshold',
          description: 'A part with its own threshold.',
          image: '/images/parts/tool-driver-kit.svg',
          price: 9.99,
          availableQuantity: 3,
          minOrderQuantity: 1,
          lowStockThreshold: 5,
        },
      });
      expect(withOwn.statusCode).toBe(200);
      const own = await partRow(withOwn.json().insertedId);
      expect(own).toMatchObject({ lowStockThreshold: 5, availableQuantity: 3 });
      expect(own.lowStockAlertedAt).toBeInstanceOf(Date);
    });
  });
});
