import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReviewList } from '@partsmith/contract';
import { contactMessages, newsletterSubscribers } from '../src/db/schema/index.ts';
import { insertReviews } from '../src/db/seed/factories.ts';
import type { Mailer } from '../src/mail/mailer.ts';
import { DB_KINDS, buildTestApp, type TestApp } from './helpers.ts';

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

  it('subscribes once; a repeat (any letter case) answers politely', async () => {
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload: { email: 'fan@example.com' },
    });
    expect(first.json()).toEqual({ acknowledged: true, alreadySubscribed: false });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload: { email: ' FAN@example.com ' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ acknowledged: true, alreadySubscribed: true });
    const rows = await t.database.db.select().from(newsletterSubscribers);
    expect(rows.filter((r) => r.email === 'fan@example.com')).toHaveLength(1);
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
