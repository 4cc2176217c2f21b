import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSources } from '@partsmith/contract/images';
import { ConfigError, loadConfig } from '../src/config.ts';
import { createS3ImageStore } from '../src/modules/uploads/s3-store.ts';
import { signUp } from './auth-helpers.ts';
import { buildTestApp, multipart } from './helpers.ts';
import { startTestBucket, type TestBucket } from './test-bucket.ts';
import { picture } from './upload-helpers.ts';

// One S3 server for the file; each suite that uses it empties the bucket first.
let testBucket: TestBucket;
beforeAll(async () => {
  testBucket = await startTestBucket();
});
afterAll(() => testBucket.close());

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
