import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ContactMessage } from '@partsmith/contract';
import { AdminMessagesPage } from '@partsmith/contract/admin-lists';
import { auditLog, contactMessages } from '../src/db/schema/index.ts';
import { ONE_DB } from './helpers.ts';
import { adminListsSuite, type Item } from './admin-lists-helpers.ts';

// The dashboard's Messages: the contact form's messages a page at a time, newest or oldest first,
// found by address, subject or words, filtered new or handled; an admin marks one handled (the
// first time stays) or new again. The answers do not depend on the database: PGlite only.
describe.each(ONE_DB)('the messages on %s', (kind) => {
  const { shop, idsOf, get, walk, ids } = adminListsSuite(kind);
  const patch = (id: string, payload: unknown, cookie = shop().admin) =>
    shop().t.app.inject({
      method: 'PATCH',
      url: `/api/admin/messages/${id}`,
      headers: { cookie },
      payload: payload as object,
    });

  beforeAll(async () => {
    const base = Date.parse('2026-11-02T09:00:00Z');
    await shop()
      .t.database.db.insert(contactMessages)
      .values(
        Array.from({ length: 9 }, (_, i) => ({
          email: i % 3 === 0 ? `buyer${i}@acme.example` : `visitor${i}@example.com`,
          subject: i % 2 === 0 ? `Bulk order ${i}` : `Warranty question ${i}`,
          message: i === 4 ? 'Do you ship fans to Norway? We need 500.' : `Message number ${i}.`,
          // Two pairs sent in the same millisecond: the id orders them.
          createdAt: new Date(base + Math.floor(i / 2) * 3_600_000),
          mailedAt: i === 7 ? null : new Date(base),
          handledAt: i < 3 ? new Date(base + 86_400_000) : null,
        })),
      );
  });

  it('gives every message once, newest or oldest first, with whether it was mailed', async () => {
    for (const [sort, order] of [
      ['newest', sql`order by created_at desc, id desc`],
      ['oldest', sql`order by created_at, id`],
    ] as const) {
      const { items, total } = await walk<Item>('/api/admin/messages', AdminMessagesPage, {
        sort,
      });
      expect(ids(items), sort).toEqual(
        await idsOf(sql`select id from ${contactMessages} ${order}`),
      );
      expect(total).toBe(9);
    }
    const { items } = await walk<ContactMessage & Item>('/api/admin/messages', AdminMessagesPage);
    expect(items.filter((m) => !m.mailed).map((m) => m.subject)).toEqual(['Warranty question 7']);
  });

  it('finds the address, subject or words, and filters new or handled', async () => {
    const find = async (params: Record<string, string>) =>
      (await walk<ContactMessage & Item>('/api/admin/messages', AdminMessagesPage, params)).items;
    expect((await find({ q: 'acme' })).map((m) => m.email).sort()).toEqual([
      'buyer0@acme.example',
      'buyer3@acme.example',
      'buyer6@acme.example',
    ]);
    expect((await find({ q: 'norway FANS' })).map((m) => m.subject)).toEqual(['Bulk order 4']);
    expect((await find({ q: 'warranty' })).length).toBe(4);
    const handled = await find({ handled: 'true' });
    expect(handled.map((m) => m.subject).sort()).toEqual([
      'Bulk order 0',
      'Bulk order 2',
      'Warranty question 1',
    ]);
    expect(handled.every((m) => m.handledAt === '2026-11-03T09:00:00.000Z')).toBe(true);
    const fresh = await find({ handled: 'false', q: 'bulk' });
    expect(fresh.map((m) => m.subject).sort()).toEqual([
      'Bulk order 4',
      'Bulk order 6',
      'Bulk order 8',
    ]);
    expect((await get('/api/admin/messages?handled=maybe')).statusCode).toBe(400);
    expect((await get('/api/admin/messages?sort=subject')).statusCode).toBe(400);
  });

  it('marks a message handled (the first time stays) and new again; refuses the rest', async () => {
    const [id] = await idsOf(sql`select id from ${contactMessages} where subject = 'Bulk order 4'`);
    const first = await patch(id!, { handled: true });
    expect(first.statusCode, first.body).toBe(200);
    const marked = ContactMessage.parse(first.json());
    expect(marked).toMatchObject({ _id: id, subject: 'Bulk order 4', mailed: true });
    expect(Date.now() - Date.parse(marked.handledAt!)).toBeLessThan(60_000);
    const again = ContactMessage.parse((await patch(id!, { handled: true })).json());
    expect(again.handledAt).toBe(marked.handledAt);
    const reopened = await patch(id!, { handled: false });
    expect(ContactMessage.parse(reopened.json()).handledAt).toBeNull();

    const missing = await patch('0b7e7f1c-0000-4000-8000-000000000000', { handled: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('We could not find that message.');
    const unsaid = await patch(id!, {});
    expect(unsaid.statusCode).toBe(400);
    expect(unsaid.json().message).toContain('Say whether the message is handled');
    expect((await patch('not-an-id', { handled: true })).statusCode).toBe(400);
    // A customer neither reads nor marks them.
    const cara = shop().customer.cookie;
    expect((await get('/api/admin/messages', cara)).statusCode).toBe(403);
    expect((await patch(id!, { handled: true }, cara)).statusCode).toBe(403);
  });

  it('lists a message sent through the contact form at once, new and mailed', async () => {
    const sent = await shop().t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin: shop().t.config.publicUrl },
      payload: {
        email: 'new.buyer@example.com',
        subject: 'Price for 40 PSUs',
        message: 'Could you quote 40 of the 850 W supplies?',
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const res = await get('/api/admin/messages?limit=1');
    const [newest] = AdminMessagesPage.parse(res.json()).items;
    expect(newest).toMatchObject({
      _id: sent.json().insertedId,
      email: 'new.buyer@example.com',
      subject: 'Price for 40 PSUs',
      message: 'Could you quote 40 of the 850 W supplies?',
      mailed: true,
      handledAt: null,
    });
  });

  it('deletes a message for good, recorded in the audit log with what it said', async () => {
    const [id] = await idsOf(
      sql`select id from ${contactMessages} where subject = 'Warranty question 7'`,
    );
    const del = (cookie = shop().admin) =>
      shop().t.app.inject({
        method: 'DELETE',
        url: `/api/admin/messages/${id}`,
        headers: { cookie },
      });
    expect((await del(shop().customer.cookie)).statusCode).toBe(403);
    const res = await del();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await idsOf(sql`select id from ${contactMessages} where id = ${id}`)).toEqual([]);
    const [entry] = await shop()
      .t.database.db.select()
      .from(auditLog)
      .where(eq(auditLog.targetId, id!));
    expect(entry).toMatchObject({
      action: 'message.delete',
      actorEmail: 'owner@example.com',
      summary: 'Deleted the message “Warranty question 7” from visitor7@example.com',
      before: { subject: 'Warranty question 7', message: 'Message number 7.', mailed: false },
    });
    const again = await del();
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('We could not find that message.');
  });
});
