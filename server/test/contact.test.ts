import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ReviewList } from '@partsmith/contract';
import { decodeMail, isMailTo, linkIn } from '../../scripts/mail-links.mjs';
import { loadAuthSecret } from '../src/auth/secret.ts';
import { contactMessages, newsletterSubscribers } from '../src/db/schema/index.ts';
import { insertReviews } from '../src/db/seed/factories.ts';
import type { Mailer } from '../src/mail/mailer.ts';
import { createNewsletterLinks } from '../src/modules/contact/service.ts';
import { DB_KINDS, buildTestApp, type TestApp } from './helpers.ts';

const THANKS = {
  acknowledged: true,
  message: 'Thank you: check your inbox for the link that confirms your subscription.',
};

// The contact form and the newsletter (and the public list of reviews); the moderation of reviews
// is in reviews.test.ts.
describe.each(DB_KINDS)('reviews, contact and newsletter on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('lists reviews, newest first', async () => {
    await insertReviews(t.database.db, [
      { name: 'Old', rating: 2, createdAt: new Date('2026-01-01T00:00:00Z') },
      { name: 'New', rating: 4, createdAt: new Date('2026-02-01T00:00:00Z') },
    ]);
    const res = await t.app.inject({ method: 'GET', url: '/api/reviews' });
    expect(res.statusCode).toBe(200);
    const list = ReviewList.parse(res.json());
    expect(list.map((r) => r.name)).toEqual(['New', 'Old']);
    expect(list[0]).toMatchObject({
      type: expect.any(String),
      image: expect.any(String),
      rating: 4,
    });
  });

  it('stores a contact message and mails it to the shop with the sender as reply-to', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        email: 'Buyer@Example.com',
        subject: 'Bulk order',
        message: 'We need 200 RAM kits by May.',
      },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.acknowledged).toBe(true);
    const rows = await t.database.db.select().from(contactMessages);
    const row = rows.find((r) => r.id === body.insertedId)!;
    expect(row).toMatchObject({ email: 'buyer@example.com', subject: 'Bulk order' });
    expect(row.mailedAt).toBeInstanceOf(Date);
    const mail = t.outbox().find((m) => m.includes('Bulk order'))!;
    expect(mail).toContain('To: shop@partsmith.example');
    expect(mail).toContain('Reply-To: buyer@example.com');
    expect(mail).toContain('We need 200 RAM kits by May.');
  });

  it('answers each bad field with its message and stores nothing', async () => {
    const cases: [object, string][] = [
      [{ subject: 'Hi', message: 'Long enough message' }, 'Email is Required'],
      [
        { email: 'not-an-email', subject: 'Hi', message: 'Long enough message' },
        'Provide a Valid Email',
      ],
      [{ email: 'a@b.co', subject: '  ', message: 'Long enough message' }, 'Subject is Required'],
      [{ email: 'a@b.co', subject: 'Hi', message: 'short' }, 'Please write at least 10 characters'],
    ];
    const before = (await t.database.db.select().from(contactMessages)).length;
    for (const [payload, message] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@b.co',
    });
    expect(text.statusCode).toBe(415);
    expect((await t.database.db.select().from(contactMessages)).length).toBe(before);
  });

  it('answers a sign-up the same whether or not the address is on the list', async () => {
    const subscribe = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email } });
    const first = await subscribe('fan@example.com');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(THANKS);
    const again = await subscribe(' FAN@example.com ');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(THANKS);
    const rows = await t.database.db.select().from(newsletterSubscribers);
    expect(rows.filter((r) => r.email === 'fan@example.com')).toHaveLength(1);
  });
});

describe.each(DB_KINDS)('newsletter double opt-in on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const subscribe = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email } });
  const mailsTo = (email: string) => t.outbox().filter((m) => isMailTo(m, email));
  /** The confirmation mail goes out after the answer: wait until `count` have come. */
  const confirmations = async (email: string, count = 1) => {
    await vi.waitFor(() => expect(mailsTo(email)).toHaveLength(count), { timeout: 5_000 });
    return mailsTo(email);
  };
  const follow = (link: string, method: 'GET' | 'POST' = 'GET', form = false) => {
    const url = new URL(link);
    return t.app.inject({
      method,
      url: url.pathname + url.search,
      ...(form
        ? {
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: 'List-Unsubscribe=One-Click',
          }
        : {}),
    });
  };
  const row = async (email: string) =>
    (await t.database.db.select().from(newsletterSubscribers)).find((r) => r.email === email);
  const shopNotices = (email: string) =>
    mailsTo('shop@partsmith.example').filter(
      (m) => m.includes('[Newsletter] New subscriber') && decodeMail(m).includes(email),
    );
  const links = () =>
    createNewsletterLinks(
      loadAuthSecret(t.config.authSecret, t.config.dataDir),
      t.config.publicUrl,
    );

  it('mails a link that confirms the address; only then does the shop hear of it', async () => {
    expect((await subscribe('reader@example.com')).json()).toEqual(THANKS);
    const [mail] = await confirmations('reader@example.com');
    expect(mail).toContain('Subject: Confirm your Partsmith newsletter subscription');
    expect((await row('reader@example.com'))?.confirmedAt).toBeNull();
    expect(shopNotices('reader@example.com')).toHaveLength(0);

    const link = linkIn(mail!, '/api/newsletter/confirm')!;
    expect(link.startsWith(`${t.config.publicUrl}/api/newsletter/confirm?`)).toBe(true);
    const res = await follow(link);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/contact?newsletter=confirmed');
    const confirmedAt = (await row('reader@example.com'))?.confirmedAt;
    expect(confirmedAt).toBeInstanceOf(Date);
    expect(shopNotices('reader@example.com')).toHaveLength(1);

    // Again: still confirmed (from the first time), and the shop is not told twice.
    const twice = await follow(link);
    expect(twice.headers.location).toBe('/contact?newsletter=confirmed');
    expect((await row('reader@example.com'))?.confirmedAt).toEqual(confirmedAt);
    expect(shopNotices('reader@example.com')).toHaveLength(1);
  });

  it('answers alike for new, waiting and confirmed addresses; only unconfirmed ones get mail', async () => {
    const fresh = await subscribe('waiting@example.com');
    await confirmations('waiting@example.com', 1);
    const waiting = await subscribe('waiting@example.com');
    await confirmations('waiting@example.com', 2);

    await subscribe('member@example.com');
    const [mail] = await confirmations('member@example.com', 1);
    await follow(linkIn(mail!, '/api/newsletter/confirm')!);
    const member = await subscribe('MEMBER@example.com');

    for (const res of [fresh, waiting, member]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(THANKS);
      expect(res.headers['content-length']).toBe(fresh.headers['content-length']);
    }
    // The confirmed address got nothing: a later sign-up's mail has come, and no second one.
    await subscribe('later@example.com');
    await confirmations('later@example.com', 1);
    expect(mailsTo('member@example.com')).toHaveLength(1);
  });

  it('puts the unsubscribe link in the text and in List-Unsubscribe headers (RFC 8058)', async () => {
    await subscribe('headers@example.com');
    const [mail] = await confirmations('headers@example.com');
    const text = decodeMail(mail!);
    // The body's link: the folded List-Unsubscribe header may cut its copy over two lines.
    const body = mail!.slice(mail!.search(/\r?\n\r?\n/));
    const unsubscribe = linkIn(body, '/api/newsletter/unsubscribe')!;
    expect(unsubscribe.startsWith(`${t.config.publicUrl}/api/newsletter/unsubscribe?`)).toBe(true);
    // Each link alone on its line, for a phone's mail app.
    expect(text.split('\n')).toContain(unsubscribe);
    expect(text.split('\n')).toContain(linkIn(body, '/api/newsletter/confirm'));
    const header = /^List-Unsubscribe: *(.*(?:\n[ \t].*)*)$/m.exec(text)?.[1]?.replace(/\s+/g, '');
    expect(header).toBe(`<${unsubscribe}>`);
    expect(text).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  });

  it('refuses forged, altered, swapped and expired confirmation links', async () => {
    const l = links();
    const day = 24 * 60 * 60 * 1000;
    const confirmUrl = (email: string, token: string) =>
      `/api/newsletter/confirm?${new URLSearchParams({ email, token })}`;
    const own = l.confirmToken('victim@example.com');
    const cases: [string, string][] = [
      // Another address's valid token.
      [confirmUrl('victim@example.com', l.confirmToken('attacker@example.com')), 'swapped'],
      [confirmUrl('victim@example.com', `${own}x`), 'altered'],
      [confirmUrl('victim@example.com', own.replace(/^[0-9a-z]+/, '0')), 'redated'],
      [confirmUrl('victim@example.com', 'forged.token'), 'forged'],
      [confirmUrl('victim@example.com', l.unsubscribeToken('victim@example.com')), 'purpose'],
      [
        confirmUrl(
          'victim@example.com',
          l.confirmToken('victim@example.com', Date.now() - 8 * day),
        ),
        'expired',
      ],
      [
        confirmUrl('victim@example.com', l.confirmToken('victim@example.com', Date.now() + day)),
        'from the future',
      ],
      ['/api/newsletter/confirm', 'empty'],
    ];
    for (const [url, what] of cases) {
      const res = await t.app.inject(url);
      expect(res.statusCode, what).toBe(303);
      expect(res.headers.location, what).toBe('/contact?newsletter=invalid');
    }
    expect(await row('victim@example.com')).toBeUndefined();
    // A week-old link from the shop still works (the links last 7 days).
    const old = await t.app.inject(
      confirmUrl('victim@example.com', l.confirmToken('victim@example.com', Date.now() - 6 * day)),
    );
    expect(old.headers.location).toBe('/contact?newsletter=confirmed');
  });

  it('unsubscribes with the mailed link, or with a one-click POST from the mail provider', async () => {
    for (const email of ['leaver@example.com', 'clicker@example.com']) {
      await subscribe(email);
      const [mail] = await confirmations(email);
      await follow(linkIn(mail!, '/api/newsletter/confirm')!);
      expect((await row(email))?.confirmedAt).toBeInstanceOf(Date);
    }
    const leaver = linkIn(mailsTo('leaver@example.com')[0]!, '/api/newsletter/unsubscribe')!;
    const res = await follow(leaver);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/contact?newsletter=unsubscribed');
    expect(await row('leaver@example.com')).toBeUndefined();
    // Again is fine: the address is off the list either way.
    expect((await follow(leaver)).headers.location).toBe('/contact?newsletter=unsubscribed');

    const clicker = linkIn(mailsTo('clicker@example.com')[0]!, '/api/newsletter/unsubscribe')!;
    const post = await follow(clicker, 'POST', true);
    expect(post.statusCode).toBe(200);
    expect(post.json()).toEqual({ acknowledged: true });
    expect(await row('clicker@example.com')).toBeUndefined();
  });

  it('keeps the address on the list for a forged unsubscribe link', async () => {
    await subscribe('stayer@example.com');
    const [mail] = await confirmations('stayer@example.com');
    await follow(linkIn(mail!, '/api/newsletter/confirm')!);
    const l = links();
    const forged = (token: string) =>
      `/api/newsletter/unsubscribe?${new URLSearchParams({ email: 'stayer@example.com', token })}`;
    for (const token of [
      l.unsubscribeToken('someone@example.com'),
      l.confirmToken('stayer@example.com'),
      'nope',
    ]) {
      const get = await t.app.inject(forged(token));
      expect(get.headers.location).toBe('/contact?newsletter=invalid');
      const post = await t.app.inject({
        method: 'POST',
        url: forged(token),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(post.statusCode).toBe(400);
      // Some providers post the one-click form as multipart: read (and refused) all the same.
      const boundary = 'partsmith-one-click';
      const multipart = await t.app.inject({
        method: 'POST',
        url: forged(token),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload:
          `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\n` +
          `One-Click\r\n--${boundary}--\r\n`,
      });
      expect(multipart.statusCode).toBe(400);
      expect(multipart.json().message).toBe('This unsubscribe link is not valid.');
    }
    expect((await row('stayer@example.com'))?.confirmedAt).toBeInstanceOf(Date);
  });
});

describe.each(DB_KINDS)('a failing mail server on %s', (kind) => {
  let t: TestApp;
  const failing: Mailer = {
    target: 'smtp',
    send: async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:25');
    },
    close: () => {},
  };
  beforeAll(async () => {
    t = await buildTestApp(kind, { deps: { mailer: failing } });
  });
  afterAll(() => t.close());

  it('keeps the contact message (not mailed yet) and still answers success', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { email: 'x@example.com', subject: 'Hello', message: 'Is the Z790 back in stock?' },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(contactMessages);
    expect(row).toMatchObject({ subject: 'Hello', mailedAt: null });
  });
});
