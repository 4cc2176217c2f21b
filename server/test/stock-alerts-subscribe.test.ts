import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { StockAlertAnswer } from '@partsmith/contract';
import { stockAlerts } from '../src/db/schema/index.ts';
import { insertPart } from '../src/db/seed/factories.ts';
import { tokenHash } from '../src/modules/stock-alerts/service.ts';
import { DB_KINDS, MAIL_WAIT } from './helpers.ts';
import { stockAlertsSuite } from './stock-alerts-helpers.ts';

// Asking for a stock alert: a customer's at once, a visitor's once the mailed link is followed;
// what is refused, cancelling one, and the limits per client and per address. The mails of a
// restock are stock-alerts-restock.test.ts's.
describe.each(DB_KINDS)('stock alerts on %s', (kind) => {
  const { shop, db, outOfStock, subscribe, cancel, alerts, confirmations, linksTo, follow } =
    stockAlertsSuite(kind);

  it('subscribes a signed-in customer’s own address at once; asking twice is no error', async () => {
    const { ann } = shop();
    const part = await outOfStock();
    const first = await subscribe(part.id, { cookie: ann.cookie });
    expect(first.statusCode).toBe(201);
    expect(StockAlertAnswer.parse(first.json())).toEqual({ status: 'subscribed' });
    // No body at all, and `{}`, are the same request.
    const again = await subscribe(part.id, { cookie: ann.cookie, body: {} });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ status: 'subscribed' });
    const rows = await alerts(part.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      email: 'ann@example.com',
      userId: ann.user.id,
      tokenHash: null,
    });
    expect(rows[0]!.confirmedAt).toBeInstanceOf(Date);
    expect(confirmations('ann@example.com')).toEqual([]);
  });

  it('mails a visitor a link, keeps only its hash, and counts the alert once it is followed', async () => {
    const part = await outOfStock('Alert Visitor Fan');
    const res = await subscribe(part.id, { body: { email: ' Visitor@Example.com ' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ status: 'confirmation_sent' });
    await vi.waitFor(() => expect(confirmations('visitor@example.com')).toHaveLength(1), MAIL_WAIT);
    const mail = confirmations('visitor@example.com')[0]!;
    expect(mail.subject).toBe('Confirm your stock alert for Alert Visitor Fan');
    expect(mail.text).toContain(`Part number: ${part.sku}`);
    expect(mail.html).toContain('Confirm the alert');
    const { confirm, cancel: cancelLink } = linksTo('visitor@example.com');
    const token = confirm.url.searchParams.get('token')!;
    expect(cancelLink.url.searchParams.get('token')).toBe(token);
    expect(mail.headers?.['List-Unsubscribe']).toBe(`<${cancelLink.url.href}>`);

    const [row] = await alerts(part.id);
    expect(row).toMatchObject({ email: 'visitor@example.com', userId: null, confirmedAt: null });
    expect(row!.tokenHash).toBe(tokenHash(token));
    expect(JSON.stringify(row)).not.toContain(token);

    // Asking again within the hour: the same answer, no second mail.
    const again = await subscribe(part.id, { body: { email: 'visitor@example.com' } });
    expect(again.json()).toEqual({ status: 'confirmation_sent' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(confirmations('visitor@example.com')).toHaveLength(1);

    const followed = await follow(confirm.path);
    expect(followed.statusCode).toBe(303);
    expect(followed.headers.location).toBe(`/parts/${part.id}?alert=confirmed`);
    expect((await alerts(part.id))[0]!.confirmedAt).toBeInstanceOf(Date);
    // Followed twice (a mail scanner first, then the person): still confirmed.
    expect((await follow(confirm.path)).headers.location).toBe(`/parts/${part.id}?alert=confirmed`);
    // A confirmed address asking again gets the same answer, and no mail.
    expect((await subscribe(part.id, { body: { email: 'visitor@example.com' } })).json()).toEqual({
      status: 'confirmation_sent',
    });
    expect(confirmations('visitor@example.com')).toHaveLength(1);
  });

  it('lands a wrong or expired link on the part’s page with alert=invalid', async () => {
    const part = await outOfStock();
    await subscribe(part.id, { body: { email: 'late@example.com' } });
    await vi.waitFor(() => expect(confirmations('late@example.com')).toHaveLength(1), MAIL_WAIT);
    const { confirm } = linksTo('late@example.com');
    await db()
      .update(stockAlerts)
      .set({ notifiedAt: new Date(Date.now() - 8 * 24 * 3600 * 1000) })
      .where(eq(stockAlerts.partId, part.id));
    const expired = await follow(confirm.path);
    expect(expired.statusCode).toBe(303);
    expect(expired.headers.location).toBe(`/parts/${part.id}?alert=invalid`);
    expect((await alerts(part.id))[0]!.confirmedAt).toBeNull();

    const wrong = await follow(`/api/stock-alerts/confirm?part=${part.id}&token=not-a-token`);
    expect(wrong.headers.location).toBe(`/parts/${part.id}?alert=invalid`);
    const bare = await follow('/api/stock-alerts/confirm?token=not-a-token');
    expect(bare.statusCode).toBe(303);
    expect(bare.headers.location).toBe('/parts?alert=invalid');
  });

  it('mails an account whose address is not confirmed, as a visitor', async () => {
    const { newcomer } = shop();
    const part = await outOfStock();
    const res = await subscribe(part.id, { cookie: newcomer.cookie });
    expect(res.json()).toEqual({ status: 'confirmation_sent' });
    await vi.waitFor(() => expect(confirmations('new@example.com')).toHaveLength(1), MAIL_WAIT);
    expect((await alerts(part.id))[0]).toMatchObject({
      userId: newcomer.user.id,
      confirmedAt: null,
    });
  });

  it('refuses a part in stock (409), one not in the catalogue (404) and a visitor without an address (400)', async () => {
    const { ann } = shop();
    const inStock = await insertPart(db(), { availableQuantity: 5, minOrderQuantity: 1 });
    const res = await subscribe(inStock.id, { cookie: ann.cookie });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This part is in stock: you can order it now, no alert needed.',
    );
    // Below its minimum order, a part is out of stock (its page says so): an alert is taken.
    const short = await insertPart(db(), { availableQuantity: 3, minOrderQuantity: 5 });
    expect((await subscribe(short.id, { cookie: ann.cookie })).statusCode).toBe(201);

    const unknown = await subscribe('00000000-0000-4000-8000-000000000000', { cookie: ann.cookie });
    expect(unknown.statusCode).toBe(404);
    const deleted = await insertPart(db(), { availableQuantity: 0, deletedAt: new Date() });
    expect((await subscribe(deleted.id, { body: { email: 'x@example.com' } })).statusCode).toBe(
      404,
    );
    expect((await subscribe('not-an-id', { cookie: ann.cookie })).statusCode).toBe(400);

    const part = await outOfStock();
    const nobody = await subscribe(part.id);
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().message).toBe('Write the email address we should tell, or sign in first.');
    const bad = await subscribe(part.id, { body: { email: 'not an address' } });
    expect(bad.statusCode).toBe(400);
    expect(await alerts(part.id)).toEqual([]);
  });

  it('cancels a customer’s own alert, and anyone’s with the mailed token; 404 when there is none', async () => {
    const { ann, ben } = shop();
    const part = await outOfStock();
    await subscribe(part.id, { cookie: ann.cookie });
    await subscribe(part.id, { cookie: ben.cookie });
    await subscribe(part.id, { body: { email: 'leaver@example.com' } });
    await vi.waitFor(() => expect(confirmations('leaver@example.com')).toHaveLength(1), MAIL_WAIT);
    expect(await alerts(part.id)).toHaveLength(3);

    const own = await cancel(part.id, { cookie: ann.cookie });
    expect(own.statusCode).toBe(204);
    expect(own.body).toBe('');
    expect((await cancel(part.id, { cookie: ann.cookie })).statusCode).toBe(404);
    // Ben's stays: a customer cancels only their own.
    expect((await alerts(part.id)).map((r) => r.email).sort()).toEqual([
      'ben@example.com',
      'leaver@example.com',
    ]);

    const token = linksTo('leaver@example.com').cancel.url.searchParams.get('token')!;
    expect((await cancel(part.id, { token: 'someone-elses-token' })).statusCode).toBe(404);
    const other = await outOfStock();
    // The token is for its own part only.
    expect((await cancel(other.id, { token })).statusCode).toBe(404);
    expect((await cancel(part.id, { token })).statusCode).toBe(204);
    expect((await cancel(part.id)).statusCode).toBe(404);
    expect((await alerts(part.id)).map((r) => r.email)).toEqual(['ben@example.com']);
  });

  it('limits requests per client address, and the mails any one address gets', async () => {
    // One connection: 20 in ten minutes, then 429 with Retry-After.
    const part = await outOfStock();
    const ip = '203.0.113.77';
    const codes: number[] = [];
    for (let i = 0; i < 21; i++)
      codes.push(
        (await subscribe(part.id, { body: { email: `many${i}@example.com` }, ip })).statusCode,
      );
    expect(codes.slice(0, 20)).toEqual(Array(20).fill(201));
    expect(codes[20]).toBe(429);
    const limited = await subscribe(part.id, { body: { email: 'one-more@example.com' }, ip });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/stock alert requests from your connection/);

    // One address, asked for from many connections and for many parts: 3 mails an hour at most,
    // and for one part at most one.
    const victim = 'victim@example.com';
    const many = await Promise.all(Array.from({ length: 6 }, () => outOfStock()));
    for (const p of many) {
      for (let i = 0; i < 3; i++) {
        const res = await subscribe(p.id, { body: { email: victim } });
        expect(res.json()).toEqual({ status: 'confirmation_sent' });
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(confirmations(victim)).toHaveLength(3);
  });
});
