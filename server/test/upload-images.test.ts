import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createDiskImageStore,
  reencodeImage,
  UPLOAD_WIDTHS,
  widthCopies,
} from '../src/modules/uploads/images.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const picture = async (width: number, height: number) =>
  reencodeImage(
    await sharp({ create: { width, height, channels: 3, background: '#0e7490' } })
      .png()
      .toBuffer(),
  );

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

  it('stores the copies beside the upload under its name, the upload last', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-'));
    dirs.push(dir);
    const store = createDiskImageStore(dir);
    const url = await store.save(await picture(1200, 900));
    const id = /^\/uploads\/([0-9a-f-]{36})\.webp$/.exec(url)?.[1];
    expect(id).toBeDefined();
    expect(fs.readdirSync(dir).sort()).toEqual(
      [`${id}.webp`, ...UPLOAD_WIDTHS.map((w) => `${id}-${w}.webp`)].sort(),
    );
    for (const width of UPLOAD_WIDTHS) {
      const meta = await sharp(path.join(dir, `${id}-${width}.webp`)).metadata();
      expect(meta.width).toBe(width);
    }
    expect(await store.has(url)).toBe(true);
  });
});
