import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { default as Sharp, Metadata } from 'sharp';
import { UPLOAD_MAX_PIXELS } from '@partsmith/contract';
import { UPLOAD_WIDTHS } from '@partsmith/contract/images';
import { HttpError } from '../../lib/http-errors.ts';

const MAX_EDGE = 1600;

let sharpModule: Promise<typeof Sharp> | undefined;
/** sharp and libvips (~30 MB) load on the first upload, not at start: most servers rarely see one. */
function loadSharp() {
  return (sharpModule ??= import('sharp').then((m) => m.default));
}

/**
 * The smaller copies are stored beside each upload as `<uuid>-<width>.webp` at UPLOAD_WIDTHS, so
 * pages can offer them in `srcset` (the contract's images.ts, which the web app reads too).
 */
export { UPLOAD_WIDTHS };

/** What the bytes are, by their content (never by the file name or the declared type). */
export function sniffImage(bytes: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'webp';
  return null;
}

/**
 * Decodes an uploaded image and re-encodes it as WebP: at most 1600 px on a side, turned
 * upright, every piece of metadata (EXIF, GPS, ICC, XMP) left behind. Whatever else the file
 * carried (a script, an HTML tail) does not survive a decode and re-encode.
 */
export async function reencodeImage(bytes: Buffer): Promise<Buffer> {
  if (bytes.length === 0) throw new HttpError(422, 'The file is empty.');
  if (!sniffImage(bytes)) throw new HttpError(415, 'Only JPEG, PNG and WebP images are accepted.');
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(422, 'The image could not be read: the file is damaged or not an image.');
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > UPLOAD_MAX_PIXELS) {
    throw new HttpError(413, 'The image is too large: at most 25 megapixels.');
  }
  try {
    return await sharp(bytes, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'truncated' })
      .rotate()
      .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new HttpError(422, 'The image could not be read: the file is damaged or not an image.');
  }
}

/**
 * The copies of a stored WebP at UPLOAD_WIDTHS. A picture narrower than a width is kept as it
 * is for that width (never enlarged), so every copy a page may ask for exists.
 */
export async function widthCopies(webp: Buffer): Promise<{ width: number; data: Buffer }[]> {
  const sharp = await loadSharp();
  const { width: original = 0 } = await sharp(webp).metadata();
  return Promise.all(
    UPLOAD_WIDTHS.map(async (width) => ({
      width,
      data:
        width >= original
          ? webp
          : await sharp(webp).resize({ width }).webp({ quality: 80 }).toBuffer(),
    })),
  );
}

export interface ImageStore {
  /**
   * Stores a WebP image under a new server-made name, with its width copies beside it
   * (`<name>-<width>.webp`); answers the public URL of the full-size image.
   */
  save(webp: Buffer): Promise<string>;
  /** Whether a URL this store answered still names a stored image. */
  has(url: string): Promise<boolean>;
}

/** Local disk under DATA_DIR/uploads, served at /uploads/. Writes are atomic (temp file + rename). */
export function createDiskImageStore(dir: string): ImageStore {
  return {
    async save(webp) {
      await fs.mkdir(dir, { recursive: true });
      const id = randomUUID();
      const write = async (name: string, data: Buffer) => {
        const tmp = path.join(dir, `.${name}.tmp`);
        await fs.writeFile(tmp, data, { mode: 0o644 });
        await fs.rename(tmp, path.join(dir, name));
      };
      // The copies first: once the full-size file (the answered URL) exists, so do they.
      for (const copy of await widthCopies(webp))
        await write(`${id}-${copy.width}.webp`, copy.data);
      await write(`${id}.webp`, webp);
      return `/uploads/${id}.webp`;
    },
    async has(url) {
      const m = /^\/uploads\/([A-Za-z0-9_-]+\.webp)$/.exec(url);
      if (!m) return false;
      try {
        await fs.access(path.join(dir, m[1]!));
        return true;
      } catch {
        return false;
      }
    },
  };
}
