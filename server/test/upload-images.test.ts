import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSources } from '@partsmith/contract/images';
import {
  UPLOAD_CACHE_CONTROL,
  UPLOAD_CSP,
  UPLOAD_WIDTHS,
  widthCopies,
} from '../src/modules/uploads/images.ts';
import { signUp } from './auth-helpers.ts';
import { buildTestApp, multipart, type TestApp } from './helpers.ts';
import { startTestBucket, type TestBucket } from './test-bucket.ts';
import { hugePngHeader, picture } from './upload-helpers.ts';

// One S3 server for the file; each suite that uses it empties the bucket first.
let testBucket: TestBucket;
beforeAll(async () => {
  testBucket = await startTestBucket();
});
afterAll(() => testBucket.close());

const UPLOAD_URL =
  /^\/uploads\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.webp$/;

describe('upload width copies', () => {
  it('makes a smaller WebP for every width, height to scale', async () => {
    const copies = await widthCopies(await picture(1600, 1200));
    expect(copies.map((copy) => copy.width)).toEqual([...UPLOAD_WIDTHS]);
    for (const copy of copies) {
      const meta = await sharp(copy.data).metadata();
      expect(meta).toMatchObject({
        format: 'webp',
        width: copy.width,
        height: (copy.width * 3) / 4,
      });
    }
  });

  it('never enlarges: a narrow picture is its own copy at the larger widths', async () => {
    const webp = await picture(500, 250);
    const copies = await widthCopies(webp);
    const sizes = await Promise.all(
      copies.map(async (c) => (await sharp(c.data).metadata()).width),
    );
    expect(sizes).toEqual([320, 500, 500]);
    expect(copies[1]!.data).toBe(webp);
  });
});

/**
 * The same suite on both stores: the folder (the default) and an S3-compatible bucket (s3rver on
 * a loopback port, with the shop serving /uploads/ from it). What is stored is read back the
 * way the store keeps it: from the folder, or from the bucket through the AWS SDK.
 */
describe.each(['disk', 's3'] as const)('uploads stored on %s', (kind) => {
  let bucket: TestBucket | undefined;
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    if (kind === 's3') {
      bucket = testBucket;
      await bucket.clear();
    }
    t = await buildTestApp('pglite', { env: bucket?.env ?? {} });
    cookie = (await signUp(t, { email: 'uploader@example.com', name: 'Una Uploader' })).cookie;
  });
  afterAll(() => t?.close());

  /** The names of the stored files, sorted. */
  const stored = async (): Promise<string[]> => {
    if (bucket) {
      const keys = await bucket.keys();
      // Everything the shop writes is under uploads/ (housekeeping and the web rely on it).
      expect(keys.filter((key) => !key.startsWith('uploads/'))).toEqual([]);
      return keys.map((key) => key.slice('uploads/'.length));
    }
    const dir = t.config.uploadsDir;
    return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  };
  const read = (name: string) =>
    bucket
      ? bucket.read(`uploads/${name}`)
      : Promise.resolve(fs.readFileSync(path.join(t.config.uploadsDir, name)));
  const upload = (bytes: Buffer, filename = 'photo.png', type = 'image/png') => {
    const { payload, contentType } = multipart(bytes, filename, type);
    return t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { cookie, 'content-type': contentType },
      payload,
    });
  };

  it('uses the store it was configured with', () => {
    expect(Boolean(t.config.s3)).toBe(kind === 's3');
    // A shop on S3 makes no uploads folder of its own.
    if (kind === 's3') expect(fs.existsSync(t.config.uploadsDir)).toBe(false);
  });

  it('stores an upload as WebP without its metadata, with a copy at every width', async () => {
    const jpeg = await sharp({
      create: { width: 2000, height: 1500, channels: 3, background: '#0e7490' },
    })
      .jpeg()
      .withIccProfile('p3')
      .withExif({
        IFD0: { Artist: 'Secret Person', Copyright: 'Secret Person' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 16/1 0/1' },
      })
      .toBuffer();
    const original = await sharp(jpeg).metadata();
    expect(original.exif).toBeDefined();
    expect(original.icc).toBeDefined();

    const before = await stored();
    const res = await upload(jpeg, 'holiday.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(200);
    const url = res.json().display_url as string;
    const id = UPLOAD_URL.exec(url)?.[1];
    expect(id, url).toBeDefined();
    const names = [`${id}.webp`, ...UPLOAD_WIDTHS.map((w) => `${id}-${w}.webp`)];
    expect((await stored()).filter((name) => !before.includes(name)).sort()).toEqual(
      [...names].sort(),
    );

    // Every stored file: WebP, no EXIF, GPS, ICC or XMP, the person's name nowhere in the bytes.
    const sizes: Record<string, [number?, number?]> = {};
    for (const name of names) {
      const bytes = await read(name);
      const meta = await sharp(bytes).metadata();
      expect(meta.format, name).toBe('webp');
      expect(meta.exif, name).toBeUndefined();
      expect(meta.icc, name).toBeUndefined();
      expect(meta.xmp, name).toBeUndefined();
      expect(bytes.includes(Buffer.from('Secret Person')), name).toBe(false);
      sizes[name] = [meta.width, meta.height];
    }
    // At most 1600 px on a side; each copy at its width, height to scale.
    expect(sizes[`${id}.webp`]).toEqual([1600, 1200]);
    for (const w of UPLOAD_WIDTHS) expect(sizes[`${id}-${w}.webp`]).toEqual([w, (w * 3) / 4]);

    // The copies the web app derives from the URL are those stored, and the shop serves them.
    const { srcSet } = imageSources(url, 300);
    const offered = srcSet!.split(', ').map((entry) => entry.split(' ')[0]!);
    expect(offered).toEqual(UPLOAD_WIDTHS.map((w) => `/uploads/${id}-${w}.webp`));
    for (const copyUrl of [url, ...offered]) {
      const served = await t.app.inject(copyUrl);
      expect(served.statusCode, copyUrl).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.rawPayload.equals(await read(copyUrl.slice('/uploads/'.length)))).toBe(true);
    }
    expect(await t.app.images.has(url)).toBe(true);
  });

  it('turns away hostile files with 413/415/422 and stores nothing of them', async () => {
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
    const before = await stored();
    for (const [name, bytes, file, type, status] of cases) {
      const res = await upload(bytes, file, type);
      expect(res.statusCode, name).toBe(status);
      expect(res.json().message, name).toEqual(expect.any(String));
    }
    expect(await stored()).toEqual(before);

    // A JPEG with an HTML tail (a polyglot) is decoded and re-encoded: the tail does not survive.
    const polyglot = Buffer.concat([jpeg, Buffer.from('<html><script>alert(1)</script></html>')]);
    const res = await upload(polyglot, 'x.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(200);
    const url = res.json().display_url as string;
    const name = url.slice('/uploads/'.length);
    expect((await read(name)).includes(Buffer.from('<script>'))).toBe(false);
    const served = await t.app.inject(url);
    expect(served.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
    // The one accepted upload and its width copies.
    expect((await stored()).length).toBe(before.length + 1 + UPLOAD_WIDTHS.length);
    expect((await t.app.inject({ method: 'POST', url: '/api/upload' })).statusCode).toBe(401);
  });

  it('serves uploads cached a year, never run as a page; 304 when current; 404 otherwise', async () => {
    const url = (await upload(await picture(400, 300))).json().display_url as string;
    const res = await t.app.inject(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(UPLOAD_CACHE_CONTROL);
    expect(res.headers['content-security-policy']).toBe(UPLOAD_CSP);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const etag = res.headers.etag as string;
    expect(etag).toBeTruthy();

    const again = await t.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');

    for (const missing of [
      `/uploads/${randomUUID()}.webp`,
      '/uploads/notes.txt',
      '/uploads/..%2F..%2Fetc%2Fpasswd',
      '/uploads/',
    ]) {
      expect((await t.app.inject(missing)).statusCode, missing).toBe(404);
    }
  });

  it('lists and removes its files; a URL is known only while its image is stored', async () => {
    const url = await t.app.images.save(await picture(700, 500));
    const id = UPLOAD_URL.exec(url)![1]!;
    const listed = new Map<string, number>();
    for await (const file of t.app.images.list()) listed.set(file.name, file.modifiedMs);
    expect([...listed.keys()].sort()).toEqual(await stored());
    expect(Math.abs(listed.get(`${id}.webp`)! - Date.now())).toBeLessThan(60_000);

    expect(await t.app.images.has(url)).toBe(true);
    for (const other of [
      `/uploads/${randomUUID()}.webp`,
      `https://elsewhere.example${url}`,
      `/uploads/../${id}.webp`,
      `${url}?x`,
    ]) {
      expect(await t.app.images.has(other), other).toBe(false);
    }
    await t.app.images.remove([`${id}.webp`, `${randomUUID()}.webp`]);
    expect(await t.app.images.has(url)).toBe(false);
    expect(await stored()).toEqual(
      expect.arrayContaining(UPLOAD_WIDTHS.map((w) => `${id}-${w}.webp`)),
    );
    await t.app.images.remove(UPLOAD_WIDTHS.map((w) => `${id}-${w}.webp`));
    expect((await stored()).filter((name) => name.startsWith(id))).toEqual([]);
  });
});
