import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { reviews } from '../src/db/schema/index.ts';
import { UPLOAD_WIDTHS } from '../src/modules/uploads/images.ts';
import { DB_KINDS, type TestApp } from './helpers.ts';
import { openDashboards, uploadImage, type Account } from './dashboard-helpers.ts';
import { hugePngHeader } from './upload-helpers.ts';

// The customer's side of the dashboards; the admin's is in dashboard-admin.test.ts.
describe.each(DB_KINDS)('dashboards on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let customer: Account;
  let other: Account;
  const uploads = () => path.join(t.config.dataDir, 'uploads');
  const stored = () =>
    fs.existsSync(uploads()) ? fs.readdirSync(uploads()).filter((f) => !f.startsWith('.')) : [];

  beforeAll(async () => {
    ({ t, admin, customer, other } = await openDashboards(kind));
  });
  afterAll(() => t.close());

  const upload = (cookie: string, bytes: Buffer, filename?: string, type?: string) =>
    uploadImage(t, cookie, bytes, filename, type);

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
});
