import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AuditList, OrderList, PartList, UserList } from '@partsmith/contract';
import { auditLog, orders, parts, reviews, users } from '../src/db/schema/index.ts';
import { insertPart } from '../src/db/seed/factories.ts';
import { UPLOAD_WIDTHS } from '../src/modules/uploads/images.ts';
import { DB_KINDS, buildTestApp, multipart, type TestApp } from './helpers.ts';
import { signUp } from './auth-helpers.ts';

function crc32(buf: Buffer) {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

/** A real PNG whose header claims 20000 x 20000 pixels (the decoder must refuse before decoding). */
async function hugePngHeader() {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c2410c' } })
    .png()
    .toBuffer();
  png.writeUInt32BE(20000, 16);
  png.writeUInt32BE(20000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe.each(DB_KINDS)('dashboards on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let customer: { cookie: string; user: { id: string } };
  let other: { cookie: string; user: { id: string } };
  const uploads = () => path.join(t.config.dataDir, 'uploads');
  const stored = () =>
    fs.existsSync(uploads()) ? fs.readdirSync(uploads()).filter((f) => !f.startsWith('.')) : [];

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: { ADMIN_EMAILS: 'owner@example.com', LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' },
    });
    admin = (await signUp(t, { email: 'owner@example.com', name: 'Owner' })).cookie;
    customer = await signUp(t, { email: 'cara@example.com', name: 'Cara Customer' });
    other = await signUp(t, { email: 'otto@example.com', name: 'Otto Other' });
  });
  afterAll(() => t.close());

  const upload = (cookie: string, bytes: Buffer, filename = 'photo.png', type = 'image/png') => {
    const { payload, contentType } = multipart(bytes, filename, type);
    return t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { cookie, 'content-type': contentType },
      payload,
    });
  };

  it('re-encodes an uploaded JPEG to WebP and strips its GPS metadata', async () => {
    const jpeg = await sharp({
      create: { width: 640, height: 480, channels: 3, background: '#0e7490' },
    })
      .jpeg()
      .withExif({
        IFD0: { Artist: 'Secret Person' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 16/1 0/1' },
      })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload(customer.cookie, jpeg, 'holiday.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(200);
    const url = res.json().display_url as string;
    expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    const served = await t.app.inject(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Secret Person'))).toBe(false);
  });

  it('turns away hostile files with 413/415/422 and leaves nothing on disk', async () => {
    const before = stored().length;
    const png = await sharp({
      create: { width: 32, height: 32, channels: 3, background: '#f97316' },
    })
      .png()
      .toBuffer();
    const jpeg = await sharp({
      create: { width: 32, height: 32, channels: 3, background: '#f97316' },
    })
      .jpeg()
      .toBuffer();
    const cases: [string, Buffer, string, string, number][] = [
      [
        'svg with script',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'x.svg',
        'image/svg+xml',
        415,
      ],
      [
        'html renamed .png',
        Buffer.from('<!doctype html><script>alert(1)</script>'),
        'x.png',
        'image/png',
        415,
      ],
      ['truncated png', png.subarray(0, Math.floor(png.length / 2)), 'x.png', 'image/png', 422],
      ['empty file', Buffer.alloc(0), 'x.png', 'image/png', 422],
      [
        'over 5 MB',
        Buffer.concat([png.subarray(0, 8), Buffer.alloc(5 * 1024 * 1024 + 10, 1)]),
        'x.png',
        'image/png',
        413,
      ],
      ['20000 x 20000 png', await hugePngHeader(), 'x.png', 'image/png', 413],
    ];
    for (const [name, bytes, file, type, status] of cases) {
      const res = await upload(customer.cookie, bytes, file, type);
      expect(res.statusCode, name).toBe(status);
      expect(res.json().message, name).toEqual(expect.any(String));
    }
    // A JPEG with an HTML tail (a polyglot) is decoded and re-encoded: the tail does not survive.
    const polyglot = Buffer.concat([jpeg, Buffer.from('<html><script>alert(1)</script></html>')]);
    const res = await upload(customer.cookie, polyglot, 'x.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(200);
    const served = await t.app.inject(res.json().display_url);
    expect(served.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
    // The one accepted upload and its width copies.
    expect(stored().length).toBe(before + 1 + UPLOAD_WIDTHS.length);
    expect((await t.app.inject({ method: 'POST', url: '/api/upload' })).statusCode).toBe(401);
  });

  it('adds a review with an uploaded image, authored by the session, shown on the home list', async () => {
    const png = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#1e293b' },
    })
      .png()
      .toBuffer();
    const image = (await upload(customer.cookie, png)).json().display_url;
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/addReview',
      headers: { cookie: customer.cookie },
      payload: { name: 'Cara', rating: 9, type: 'Great', image },
    });
    expect(bad.statusCode).toBe(400);
    const noImage = await t.app.inject({
      method: 'POST',
      url: '/api/addReview',
      headers: { cookie: customer.cookie },
      payload: { name: 'Cara', rating: 4, type: 'Great', image: '/uploads/0000.webp' },
    });
    expect(noImage.statusCode).toBe(422);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/addReview',
      headers: { cookie: customer.cookie },
      // A name and an author of the caller's choosing: neither is stored.
      payload: {
        name: 'Partsmith Support',
        rating: 4,
        type: 'Fast delivery, great RAM.',
        image,
        userId: other.user.id,
      },
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().insertedId as string;
    const [stored] = await t.database.db.select().from(reviews).where(eq(reviews.id, id));
    expect(stored).toMatchObject({ userId: customer.user.id, name: 'Cara Customer' });
    const list = (await t.app.inject('/api/reviews')).json();
    expect(list[0]).toMatchObject({
      _id: id,
      name: 'Cara Customer',
      rating: 4,
      type: 'Fast delivery, great RAM.',
      image,
    });
  });

  it('saves and reads your own profile; others get 403, admins may read', async () => {
    const body = {
      edu: 'BSc Electrical Engineering',
      location: 'Austin, Travis County',
      number: '+1 512 555 0199',
      linkdin: 'https://www.linkedin.com/in/cara-customer',
      addiInfo: 'Builds render nodes.',
    };
    expect(
      (
        await t.app.inject({
          url: '/api/userProfile/cara@example.com',
          headers: { cookie: customer.cookie },
        })
      ).json(),
    ).toBeNull();
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/createProfile/cara@example.com',
      headers: { cookie: customer.cookie },
      payload: { ...body, linkdin: 'http://evil.example' },
    });
    expect(bad.statusCode).toBe(400);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/createProfile/cara@example.com',
      headers: { cookie: customer.cookie },
      payload: { ...body, userName: 'Hacker', email: 'otto@example.com' },
    });
    expect(saved.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    const read = await t.app.inject({
      url: '/api/userProfile/cara@example.com',
      headers: { cookie: customer.cookie },
    });
    expect(read.json()).toMatchObject({
      ...body,
      userName: 'Cara Customer',
      email: 'cara@example.com',
    });
    expect(
      (
        await t.app.inject({
          url: '/api/userProfile/cara@example.com',
          headers: { cookie: other.cookie },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/createProfile/cara@example.com',
          headers: { cookie: other.cookie },
          payload: body,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ url: '/api/userProfile/cara@example.com', headers: { cookie: admin } }))
        .statusCode,
    ).toBe(200);
  });

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
