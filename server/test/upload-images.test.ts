import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSources } from '@partsmith/contract/images';
import {
  reencodeImage,
  UPLOAD_CACHE_CONTROL,
  UPLOAD_CSP,
  UPLOAD_WIDTHS,
  widthCopies,
} from '../src/modules/uploads/images.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { createS3ImageStore } from '../src/modules/uploads/s3-store.ts';
import { signUp } from './auth-helpers.ts';
import { buildTestApp, multipart, type TestApp } from './helpers.ts';
import { startTestBucket, type TestBucket } from './test-bucket.ts';

const picture = async (width: number, height: number) =>
  reencodeImage(
    await sharp({ create: { width, height, channels: 3, background: '#0e7490' } })
      .png()
      .toBuffer(),
  );

/** A real PNG whose header claims 20000 x 20000 pixels (refused before it is decoded). */
async function hugePngHeader() {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c2410c' } })
    .png()
    .toBuffer();
  png.writeUInt32BE(20000, 16);
  png.writeUInt32BE(20000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

function crc32(buf: Buffer) {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

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

describe('uploads in a bucket', () => {
  let bucket: TestBucket;
  beforeAll(async () => {
    bucket = testBucket;
    await bucket.clear();
  });

  it('with S3_PUBLIC_URL, answers image URLs there: copies beside them, pages may show them', async () => {
    const publicUrl = 'https://images.example.test';
    const t = await buildTestApp('pglite', {
      env: { ...bucket.env, S3_PUBLIC_URL: `${publicUrl}/` },
    });
    try {
      const { cookie } = await signUp(t, { email: 'pub@example.com', name: 'Pat Public' });
      const { payload, contentType } = multipart(await picture(1200, 900), 'p.png', 'image/png');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/upload',
        headers: { cookie, 'content-type': contentType },
        payload,
      });
      expect(res.statusCode).toBe(200);
      const url = res.json().display_url as string;
      expect(url.startsWith(`${publicUrl}/uploads/`)).toBe(true);
      const name = url.slice(`${publicUrl}/uploads/`.length);
      const id = name.replace(/\.webp$/, '');

      // The web's copies of the URL are the objects the bucket holds.
      const { src, srcSet } = imageSources(url, 600);
      expect(src).toBe(`${publicUrl}/uploads/${id}-640.webp`);
      const offered = srcSet!.split(', ').map((entry) => entry.split(' ')[0]!);
      const keys = await bucket.keys();
      for (const copy of offered) expect(keys).toContain(copy.slice(`${publicUrl}/`.length));
      const copy = await sharp(await bucket.read(`uploads/${id}-320.webp`)).metadata();
      expect(copy).toMatchObject({ format: 'webp', width: 320, height: 240 });

      // Browsers may load images from there, and a review may name one.
      expect(res.headers['content-security-policy']).toContain(
        `img-src 'self' data: blob: ${publicUrl}`,
      );
      expect(await t.app.images.has(url)).toBe(true);
      expect(await t.app.images.has(`/uploads/${name}`)).toBe(true);
      const review = await t.app.inject({
        method: 'POST',
        url: '/api/addReview',
        headers: { cookie },
        payload: { name: 'Pat', rating: 5, type: 'Sharp picture', image: url },
      });
      expect(review.statusCode).toBe(200);

      // The shop still serves /uploads/<name> from the bucket (URLs saved before the CDN).
      const served = await t.app.inject(`/uploads/${name}`);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(await bucket.read(`uploads/${name}`))).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('lists a bucket over several pages, other keys left out', async () => {
    await bucket.clear();
    const store = await createS3ImageStore(loadConfig(bucket.env).s3!, { pageSize: 2 });
    try {
      const names = Array.from({ length: 5 }, () => `${randomUUID()}.webp`);
      for (const name of names) await bucket.put(`uploads/${name}`, 'RIFF....WEBP');
      await bucket.put('elsewhere/not-an-upload.webp', 'x');
      const listed: string[] = [];
      for await (const file of store.list()) listed.push(file.name);
      expect(listed.sort()).toEqual([...names].sort());
      await store.remove(names.slice(0, 3));
      expect(await bucket.keys()).toEqual(
        ['elsewhere/not-an-upload.webp', ...names.slice(3).map((n) => `uploads/${n}`)].sort(),
      );
    } finally {
      await store.close?.();
    }
  });

  it("on AWS, needs a region: S3_REGION or the SDK's own lookup", async () => {
    const saved = { region: process.env.AWS_REGION, file: process.env.AWS_CONFIG_FILE };
    delete process.env.AWS_REGION;
    process.env.AWS_CONFIG_FILE = path.join(os.tmpdir(), `no-aws-config-${randomUUID()}`);
    try {
      const settings = loadConfig({ S3_BUCKET: 'shop-uploads' }).s3!;
      await expect(createS3ImageStore(settings)).rejects.toThrow(ConfigError);
      await expect(createS3ImageStore(settings)).rejects.toThrow(/S3_REGION: required/);
      process.env.AWS_REGION = 'eu-west-1';
      const store = await createS3ImageStore(settings);
      await store.close?.();
    } finally {
      for (const [name, value] of [
        ['AWS_REGION', saved.region],
        ['AWS_CONFIG_FILE', saved.file],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });

  it('does not answer a URL for an image it could not store', async () => {
    const store = await createS3ImageStore(
      loadConfig({ ...bucket.env, S3_BUCKET: 'no-such-bucket' }).s3!,
    );
    try {
      await expect(store.save(await picture(400, 300))).rejects.toThrow(/bucket/i);
    } finally {
      await store.close?.();
    }
  });
});
