import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AuditList, OrderList, PartList, UserList } from '@partsmith/contract';
import { auditLog, orders, parts, users } from '../src/db/schema/index.ts';
import { insertPart } from '../src/db/seed/factories.ts';
import { DB_KINDS, type TestApp } from './helpers.ts';
import { openDashboards, uploadImage, type Account } from './dashboard-helpers.ts';

// The admin's side of the dashboards; the customer's is in dashboard-customer.test.ts.
describe.each(DB_KINDS)('dashboards on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let customer: Account;
  let other: Account;
  beforeAll(async () => {
    ({ t, admin, customer, other } = await openDashboards(kind));
  });
  afterAll(() => t.close());

  const upload = (cookie: string, bytes: Buffer, filename?: string, type?: string) =>
    uploadImage(t, cookie, bytes, filename, type);

  it('an admin adds, corrects and deletes a part, each audited with before and after', async () => {
    const png = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#c2410c' },
    })
      .png()
      .toBuffer();
    const image = (await upload(admin, png)).json().display_url;
    const body = {
      name: 'Anvil X870E',
      description: 'AM5 flagship board',
      availableQuantity: 12,
      minOrderQuantity: 1,
      price: 329.99,
      image,
    };
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/addParts',
          headers: { cookie: customer.cookie },
          payload: body,
        })
      ).statusCode,
    ).toBe(403);
    const tooMany = await t.app.inject({
      method: 'POST',
      url: '/api/addParts',
      headers: { cookie: admin },
      payload: { ...body, minOrderQuantity: 20 },
    });
    expect(tooMany.statusCode).toBe(400);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/addParts',
      headers: { cookie: admin },
      payload: body,
    });
    const id = added.json().insertedId as string;
    const [row] = await t.database.db.select().from(parts).where(eq(parts.id, id));
    expect(row).toMatchObject({ priceCents: 32999, availableQuantity: 12 });
    expect(PartList.parse((await t.app.inject('/api/allParts?q=X870E')).json())).toHaveLength(1);

    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/tools/${id}`,
      headers: { cookie: admin },
      payload: { availableQuantity: 30, price: 299 },
    });
    expect(patched.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/tools/${id}`,
      headers: { cookie: admin },
    });
    expect(deleted.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await t.app.inject('/api/allParts?q=X870E')).json()).toEqual([]);

    const log = AuditList.parse(
      (
        await t.app.inject({ url: '/api/audit-log?action=part.update', headers: { cookie: admin } })
      ).json(),
    );
    expect(log[0]).toMatchObject({
      actorEmail: 'owner@example.com',
      targetId: id,
      before: { availableQuantity: 12, price: 329.99 },
      after: { availableQuantity: 30, price: 299 },
    });
    const all = AuditList.parse(
      (await t.app.inject({ url: '/api/audit-log', headers: { cookie: admin } })).json(),
    );
    expect(all.map((e) => e.action).slice(0, 3)).toEqual([
      'part.delete',
      'part.update',
      'part.add',
    ]);
  });

  it('an admin lists users a page at a time, makes an admin (ending their sessions) and deletes a user; never the last admin', async () => {
    const first = await t.app.inject({ url: '/api/users?limit=2', headers: { cookie: admin } });
    expect(UserList.parse(first.json())).toHaveLength(2);
    expect(Number(first.headers['x-total-count'])).toBeGreaterThanOrEqual(3);
    const next = await t.app.inject({
      url: `/api/users?limit=2&cursor=${first.headers['x-next-cursor']}`,
      headers: { cookie: admin },
    });
    expect(UserList.parse(next.json()).length).toBeGreaterThanOrEqual(1);

    const made = await t.app.inject({
      method: 'PUT',
      url: '/api/users/admin/otto@example.com',
      headers: { cookie: admin },
    });
    expect(made.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect(
      (
        await t.app.inject({
          url: '/api/admin/otto@example.com',
          headers: { cookie: other.cookie },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/users/admin/otto@example.com',
          headers: { cookie: customer.cookie },
        })
      ).statusCode,
    ).toBe(403);

    const [otto] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'otto@example.com'));
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/${otto!.id}`,
      headers: { cookie: admin },
    });
    expect(gone.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    const [owner] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'owner@example.com'));
    const last = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/${owner!.id}`,
      headers: { cookie: admin },
    });
    expect(last.statusCode).toBe(409);
    const actions = (await t.database.db.select().from(auditLog)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['user.role', 'user.delete']));
  });

  it('an admin ships only paid orders and deletes only unpaid ones, each audited', async () => {
    const part = await insertPart(t.database.db, { availableQuantity: 10 });
    const place = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/purchase',
          headers: { cookie: customer.cookie },
          payload: {
            partId: part.id,
            quantity: 1,
            address: '1 Main Street, Springfield',
            phone: '+1 217 555 0100',
          },
        })
      ).json().insertedId as string;
    const unpaid = await place();
    const paid = await place();
    await t.database.db
      .update(orders)
      .set({ paid: true, transactionId: 'pi_test_shipme' })
      .where(eq(orders.id, paid));

    const list = await t.app.inject({
      url: '/api/allPurchases?limit=1',
      headers: { cookie: admin },
    });
    expect(OrderList.parse(list.json())).toHaveLength(1);
    expect(list.headers['x-next-cursor']).toBeDefined();
    expect(
      (await t.app.inject({ url: '/api/allPurchases', headers: { cookie: customer.cookie } }))
        .statusCode,
    ).toBe(403);

    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/changeStatus/${unpaid}`,
          headers: { cookie: admin },
        })
      ).statusCode,
    ).toBe(409);
    const shipped = await t.app.inject({
      method: 'PUT',
      url: `/api/changeStatus/${paid}`,
      headers: { cookie: admin },
    });
    expect(shipped.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect(
      (
        await t.app.inject({ url: `/api/purchase/${paid}`, headers: { cookie: customer.cookie } })
      ).json().status,
    ).toBe('shipped');
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/changeStatus/${paid}`,
          headers: { cookie: customer.cookie },
        })
      ).statusCode,
    ).toBe(403);

    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/orders/${paid}`,
          headers: { cookie: admin },
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/orders/${unpaid}`,
          headers: { cookie: admin },
        })
      ).json().deletedCount,
    ).toBe(1);
    const actions = (await t.database.db.select().from(auditLog)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['order.ship', 'order.delete']));
  });
});
