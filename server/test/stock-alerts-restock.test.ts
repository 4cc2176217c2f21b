import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { parts, stockAlerts } from '../src/db/schema/index.ts';
import { insertPart } from '../src/db/seed/factories.ts';
import { DB_KINDS, MAIL_WAIT } from './helpers.ts';
import { stockAlertsSuite } from './stock-alerts-helpers.ts';

const ADDRESS = '1 Main Street, Springfield, IL 62701';
const PHONE = '+1 (217) 555-0100';

// The back-in-stock mails: each confirmed subscriber mailed once when a part is restocked (by the
// admin, or by an unpaid order deleted), a failed mail sent again later. Asking for an alert is
// stock-alerts-subscribe.test.ts's.
describe.each(DB_KINDS)('stock alerts on %s', (kind) => {
  const {
    shop,
    refuse,
    db,
    outOfStock,
    subscribe,
    alerts,
    patch,
    confirmations,
    backInStock,
    linksTo,
    follow,
  } = stockAlertsSuite(kind);

  it('mails each confirmed subscriber once when an admin restocks from 0, and ends their alerts', async () => {
    const { t, ann } = shop();
    const part = await outOfStock('Alert Restock PSU');
    await subscribe(part.id, { cookie: ann.cookie });
    await subscribe(part.id, { body: { email: 'fan@example.com' } });
    await subscribe(part.id, { body: { email: 'unsure@example.com' } });
    await vi.waitFor(() => expect(confirmations('unsure@example.com')).toHaveLength(1), MAIL_WAIT);
    await vi.waitFor(() => expect(confirmations('fan@example.com')).toHaveLength(1), MAIL_WAIT);
    await follow(linksTo('fan@example.com').confirm.path);
    const before = backInStock().length;

    // Another edit while still at 0 mails nobody.
    expect((await patch(part.id, { price: 179.5 })).statusCode).toBe(200);
    await t.app.backInStockMails.drain();
    expect(backInStock()).toHaveLength(before);

    expect((await patch(part.id, { availableQuantity: 7 })).statusCode).toBe(200);
    // The admin's edit pokes the sender: no drain needed.
    await vi.waitFor(() => expect(backInStock().length).toBe(before + 2), MAIL_WAIT);
    await t.app.backInStockMails.drain();
    const mailed = backInStock().slice(before);
    expect(mailed.map((m) => m.to).sort()).toEqual(['ann@example.com', 'fan@example.com']);
    for (const mail of mailed) {
      expect(mail.subject).toBe('Back in stock: Alert Restock PSU');
      expect(mail.text).toContain(`Part number: ${part.sku}`);
      expect(mail.text).toContain('Price: $179.50 each');
      expect(mail.text).toContain(`${t.config.publicUrl}/parts/${part.id}`);
      expect(mail.html).toContain('View the part');
    }
    // The confirmed alerts ended; the unconfirmed one is neither mailed nor ended.
    expect((await alerts(part.id)).map((r) => r.email)).toEqual(['unsure@example.com']);

    // Out and back again: nobody is mailed twice.
    expect((await patch(part.id, { availableQuantity: 0 })).statusCode).toBe(200);
    expect((await patch(part.id, { availableQuantity: 4 })).statusCode).toBe(200);
    await t.app.backInStockMails.drain();
    expect(backInStock()).toHaveLength(before + 2);
    expect(backInStock('unsure@example.com')).toEqual([]);
  });

  it('finds a restock that no one pokes for: an unpaid order deleted', async () => {
    const { t, ann, ben } = shop();
    const part = await insertPart(db(), { name: 'Alert Last Units', availableQuantity: 2 });
    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: { cookie: ann.cookie },
      payload: { partId: part.id, quantity: 2, address: ADDRESS, phone: PHONE },
    });
    expect(bought.statusCode).toBe(200);
    expect((await subscribe(part.id, { cookie: ben.cookie })).json()).toEqual({
      status: 'subscribed',
    });
    const before = backInStock('ben@example.com').length;
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/orders/${bought.json().insertedId}`,
      headers: { cookie: ann.cookie },
    });
    expect(deleted.statusCode).toBe(200);
    // The sender's poll finds it; the test does not wait for the poll.
    await t.app.backInStockMails.drain();
    expect(backInStock('ben@example.com')).toHaveLength(before + 1);
    expect(backInStock('ben@example.com').at(-1)!.subject).toBe('Back in stock: Alert Last Units');
    expect(await alerts(part.id)).toEqual([]);
  });

  it('keeps an alert whose mail failed and sends it later; ends one the mail server refuses for good', async () => {
    const { t } = shop();
    const part = await outOfStock('Alert Flaky Mail');
    for (const email of ['flaky@example.com', 'gone@example.com']) {
      await subscribe(part.id, { body: { email } });
      await vi.waitFor(() => expect(confirmations(email)).toHaveLength(1), MAIL_WAIT);
      await follow(linksTo(email).confirm.path);
    }
    refuse.set('flaky@example.com', 421);
    refuse.set('gone@example.com', 550);
    await db().update(parts).set({ availableQuantity: 10 }).where(eq(parts.id, part.id));
    await t.app.backInStockMails.drain();
    expect(backInStock('flaky@example.com')).toEqual([]);
    expect(backInStock('gone@example.com')).toEqual([]);
    const [kept] = await alerts(part.id);
    expect(kept).toMatchObject({ email: 'flaky@example.com' });
    expect(kept!.notifiedAt).toBeInstanceOf(Date);

    // Not before its retry is due; then once.
    refuse.clear();
    await t.app.backInStockMails.drain();
    expect(backInStock('flaky@example.com')).toEqual([]);
    await db()
      .update(stockAlerts)
      .set({ notifiedAt: new Date(Date.now() - 10 * 60 * 1000) })
      .where(eq(stockAlerts.partId, part.id));
    await t.app.backInStockMails.drain();
    expect(backInStock('flaky@example.com')).toHaveLength(1);
    expect(await alerts(part.id)).toEqual([]);
  });
});
