import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { CataloguePart, PartList, StockAlertAnswer } from '@partsmith/contract';
import { parts, stockAlerts } from '../src/db/schema/index.ts';
import { insertPart } from '../src/db/seed/factories.ts';
import type { MailMessage, Mailer } from '../src/mail/mailer.ts';
import { tokenHash } from '../src/modules/stock-alerts/service.ts';
import { signUp } from './auth-helpers.ts';
import { DB_KINDS, MAIL_WAIT, NO_LIMITS, buildTestApp, type TestApp } from './helpers.ts';

const ADDRESS = '1 Main Street, Springfield, IL 62701';
const PHONE = '+1 (217) 555-0100';

/**
 * The app's mail, kept as sent; `refuse` makes the back-in-stock mails to an address fail with an
 * SMTP code (4xx: for now, 5xx: for good).
 */
function testMailer() {
  const sent: MailMessage[] = [];
  const refuse = new Map<string, number>();
  const mailer: Mailer = {
    target: 'test',
    async send(message) {
      const code = refuse.get(message.to);
      if (code && message.subject.startsWith('Back in stock'))
        throw Object.assign(new Error(`${code} refused`), { responseCode: code });
      sent.push(message);
    },
    close() {},
  };
  return { sent, refuse, mailer, mails: () => sent.map((m) => `To: ${m.to}\n\n${m.text}`) };
}

describe.each(DB_KINDS)('stock alerts on %s', (kind) => {
  let t: TestApp;
  let owner: string;
  let ann: { cookie: string; user: { id: string; email: string } };
  let ben: { cookie: string; user: { id: string; email: string } };
  let newcomer: { cookie: string; user: { id: string; email: string } };
  const { sent, refuse, mailer, mails } = testMailer();
  // Each request from an address of its own, so that only the limit's own test meets the limit.
  let ips = 0;
  const nextIp = () => `198.51.100.${(ips++ % 250) + 1}`;

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      // The shop's own limit on stock alerts (NO_LIMITS lifts the others).
      env: {
        ADMIN_EMAILS: 'owner@example.com',
        RATE_LIMITS: `${NO_LIMITS.RATE_LIMITS},stock-alert=20/10m`,
      },
      deps: { mailer },
    });
    owner = (await signUp(t, { email: 'owner@example.com', mails })).cookie;
    ann = await signUp(t, { email: 'ann@example.com', name: 'Ann Buyer', mails });
    ben = await signUp(t, { email: 'ben@example.com', name: 'Ben Buyer', mails });
    newcomer = await signUp(t, { email: 'new@example.com', confirm: false, mails });
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const outOfStock = (name = 'Alert Board') =>
    insertPart(db(), { name, availableQuantity: 0, priceCents: 18_950 });
  const subscribe = (partId: string, opts: { cookie?: string; body?: object; ip?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/parts/${partId}/stock-alerts`,
      headers: opts.cookie ? { cookie: opts.cookie } : {},
      ...(opts.body ? { payload: opts.body } : {}),
      remoteAddress: opts.ip ?? nextIp(),
    });
  const cancel = (partId: string, opts: { cookie?: string; token?: string } = {}) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/parts/${partId}/stock-alerts${opts.token ? `?token=${opts.token}` : ''}`,
      headers: opts.cookie ? { cookie: opts.cookie } : {},
      remoteAddress: nextIp(),
    });
  const alerts = (partId: string) =>
    db().select().from(stockAlerts).where(eq(stockAlerts.partId, partId));
  const patch = (id: string, body: object) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/tools/${id}`,
      headers: { cookie: owner },
      payload: body,
    });
  const confirmations = (to: string) =>
    sent.filter((m) => m.to === to && m.subject.startsWith('Confirm your stock alert'));
  const backInStock = (to?: string) =>
    sent.filter((m) => m.subject.startsWith('Back in stock') && (!to || m.to === to));
  /** The links of the newest confirmation mail to `to`: confirm and cancel, path and query. */
  const linksTo = (to: string) => {
    const text = confirmations(to).at(-1)?.text ?? '';
    const at = (pattern: RegExp) => {
      const url = new URL(pattern.exec(text)![0]);
      return { path: url.pathname + url.search, url };
    };
    return {
      confirm: at(/https?:\/\/\S+\/api\/stock-alerts\/confirm\?\S+/),
      cancel: at(/https?:\/\/\S+\/parts\/[0-9a-f-]+\?alert=cancel&token=\S+/),
    };
  };
  const follow = (path: string) => t.app.inject({ method: 'GET', url: path });

  it('subscribes a signed-in customer’s own address at once; asking twice is no error', async () => {
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

  it('mails each confirmed subscriber once when an admin restocks from 0, and ends their alerts', async () => {
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

  it('gives parts a lead time: in every part answer, set and cleared by the admin, checked', async () => {
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/addParts',
      headers: { cookie: owner },
      payload: {
        name: 'Alert Lead Time GPU',
        description: 'A graphics card.',
        image: '/images/parts/tool-driver-kit.svg',
        price: 499,
        availableQuantity: 0,
        minOrderQuantity: 1,
        leadTimeDays: 14,
      },
    });
    expect(added.statusCode).toBe(200);
    const id = added.json().insertedId as string;
    const read = async () =>
      CataloguePart.parse((await t.app.inject(`/api/part/${id}`)).json()).leadTimeDays;
    expect(await read()).toBe(14);
    const list = PartList.parse((await t.app.inject('/api/allParts?limit=100')).json());
    expect(list.find((p) => p._id === id)?.leadTimeDays).toBe(14);
    // A part without one reads as not known.
    expect(list.find((p) => p._id !== id)?.leadTimeDays).toBeNull();

    // The cached answer follows the change.
    expect((await patch(id, { leadTimeDays: 21 })).statusCode).toBe(200);
    expect(await read()).toBe(21);
    expect((await patch(id, { leadTimeDays: null })).statusCode).toBe(200);
    expect(await read()).toBeNull();
    expect((await db().select().from(parts).where(eq(parts.id, id)))[0]!.leadTimeDays).toBeNull();

    const refused = async (body: object) => {
      const res = await patch(id, body);
      expect(res.statusCode).toBe(400);
      return res.json().message as string;
    };
    expect(await refused({ leadTimeDays: 366 })).toContain('The lead time is at most 365 days');
    expect(await refused({ leadTimeDays: -1 })).toContain('The lead time cannot be negative');
    expect(await refused({ leadTimeDays: 2.5 })).toContain(
      'The lead time must be a whole number of days',
    );
    expect(await refused({ leadTimeDays: 'soon' })).toContain(
      'The lead time must be a number of days',
    );
    expect(await refused({})).toContain('Change the stock or the price');
    expect(await read()).toBeNull();

    const addRefused = await t.app.inject({
      method: 'POST',
      url: '/api/addParts',
      headers: { cookie: owner },
      payload: {
        name: 'Alert Lead Time Too Long',
        description: 'A graphics card.',
        image: '/images/parts/tool-driver-kit.svg',
        price: 499,
        availableQuantity: 0,
        minOrderQuantity: 1,
        leadTimeDays: 400,
      },
    });
    expect(addRefused.statusCode).toBe(400);
    expect(addRefused.json().message).toContain('The lead time is at most 365 days');
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
