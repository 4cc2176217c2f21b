import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminReviewList, AuditList, ReviewList } from '@partsmith/contract';
import { DB_KINDS, buildTestApp, type TestApp } from './helpers.ts';
import { signUp } from './auth-helpers.ts';

describe.each(DB_KINDS)('review moderation on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let customer: string;
  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { ADMIN_EMAILS: 'owner@example.com' } });
    admin = (await signUp(t, { email: 'owner@example.com', name: 'Owner' })).cookie;
    customer = (await signUp(t, { email: 'cara@example.com', name: 'Cara Customer' })).cookie;
  });
  afterAll(() => t.close());

  const as = (cookie: string | null) => (cookie ? { cookie } : {});
  const post = async (type: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/addReview',
      headers: { cookie: customer },
      payload: { rating: 4, type, image: '/images/avatars/2.svg' },
    });
    expect(res.statusCode).toBe(200);
    return res.json().insertedId as string;
  };
  const publicIds = async () =>
    ReviewList.parse((await t.app.inject('/api/reviews')).json()).map((r) => r._id);
  const adminList = async () => {
    const res = await t.app.inject({ url: '/api/allReviews', headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    return { list: AdminReviewList.parse(res.json()), total: res.headers['x-total-count'] };
  };
  const setHidden = (id: string, hidden: unknown, cookie: string | null = admin) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/reviews/${id}`,
      headers: as(cookie),
      payload: { hidden },
    });
  const remove = (id: string, cookie: string | null = admin) =>
    t.app.inject({ method: 'DELETE', url: `/api/reviews/${id}`, headers: as(cookie) });
  const audits = async (action: string) => {
    const res = await t.app.inject({
      url: `/api/audit-log?action=${action}`,
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    return AuditList.parse(res.json());
  };

  it('hides a review from the home page at once and shows it again, each audited', async () => {
    const id = await post('Rude words about the courier.');
    expect(await publicIds()).toContain(id);

    const hide = await setHidden(id, true);
    expect(hide.statusCode).toBe(200);
    expect(hide.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect(await publicIds()).not.toContain(id);
    const { list, total } = await adminList();
    expect(list.find((r) => r._id === id)).toMatchObject({
      name: 'Cara Customer',
      hidden: true,
      authorEmail: 'cara@example.com',
      type: 'Rude words about the courier.',
    });
    expect(total).toBe(String(list.length));

    // Hiding a hidden review changes nothing and writes no entry.
    expect((await setHidden(id, true)).json()).toEqual({ acknowledged: true, modifiedCount: 0 });
    expect((await setHidden(id, false)).json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect(await publicIds()).toContain(id);

    const [hidden] = await audits('review.hide');
    expect(await audits('review.hide')).toHaveLength(1);
    expect(hidden).toMatchObject({
      actorEmail: 'owner@example.com',
      targetId: id,
      before: { hidden: false },
      after: { hidden: true },
    });
    expect(await audits('review.show')).toMatchObject([{ targetId: id, after: { hidden: false } }]);
  });

  it('lists hidden and visible reviews newest first for the admins', async () => {
    const older = await post('First impressions.');
    const newer = await post('A month later.');
    await setHidden(older, true);
    const ids = (await adminList()).list.map((r) => r._id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    expect(ids.indexOf(newer)).toBe(0);
  });

  it('deletes a review, audited with the review as it was; then it is 404', async () => {
    const id = await post('Please delete me.');
    const res = await remove(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await publicIds()).not.toContain(id);
    expect((await adminList()).list.map((r) => r._id)).not.toContain(id);
    const [entry] = await audits('review.delete');
    expect(entry).toMatchObject({
      actorEmail: 'owner@example.com',
      targetId: id,
      before: {
        name: 'Cara Customer',
        rating: 4,
        type: 'Please delete me.',
        image: '/images/avatars/2.svg',
        hidden: false,
      },
    });
    expect((await remove(id)).statusCode).toBe(404);
    expect((await setHidden(id, true)).statusCode).toBe(404);
    expect(await audits('review.delete')).toHaveLength(1);
  });

  it('refuses the moderation routes to customers (403) and visitors (401)', async () => {
    const id = await post('Only admins may hide this.');
    for (const [cookie, status] of [
      [customer, 403],
      [null, 401],
    ] as const) {
      const list = await t.app.inject({ url: '/api/allReviews', headers: as(cookie) });
      expect(list.statusCode).toBe(status);
      expect((await setHidden(id, true, cookie)).statusCode).toBe(status);
      expect((await remove(id, cookie)).statusCode).toBe(status);
    }
    expect(await publicIds()).toContain(id);
  });

  it('answers 400 to a malformed id or body', async () => {
    const id = await post('A fine review.');
    expect((await setHidden('not-a-uuid', true)).statusCode).toBe(400);
    expect((await remove('not-a-uuid')).statusCode).toBe(400);
    const bad = await setHidden(id, 'yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Say whether the review is hidden');
    expect(await publicIds()).toContain(id);
  });
});
