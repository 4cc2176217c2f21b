import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { default as Sharp, Metadata } from 'sharp';
import { UPLOAD_MAX_PIXELS } from '@partsmith/contract';
import { UPLOAD_WIDTHS } from '@partsmith/contract/images';
import { HttpError } from '../../lib/http-errors.ts';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../lib/private-files.ts';

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

/** The name uploads have in their folder or bucket: `<uuid>.webp`, `<uuid>-<width>.webp`. */
export const UPLOAD_NAME = /^[A-Za-z0-9_-]+\.webp$/;

/** Uploads have unique names that never change: browsers and caches keep them a year. */
export const UPLOAD_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Served by the shop, an upload is never run as a page, whatever it holds. */
export const UPLOAD_CSP = "default-src 'none'; sandbox";

/** One file of a store, as its listing shows it. */
export interface StoredUpload {
  /** The name in the store: `<uuid>.webp`, a copy, or whatever else lies there. */
  name: string;
  modifiedMs: number;
}

/** A stored upload read for the shop to serve (the bucket, which browsers may not reach). */
export type OpenedUpload =
  | { notModified: true; etag: string | undefined }
  | {
      notModified: false;
      body: Readable;
      length: number | undefined;
      etag: string | undefined;
      lastModified: Date | undefined;
    };

export interface ImageStore {
  /**
   * Stores a WebP image under a new server-made name, with its width copies beside it
   * (`<name>-<width>.webp`); answers the public URL of the full-size image.
   */
  save(webp: Buffer): Promise<string>;
  /** Whether a URL this store answered still names a stored image. */
  has(url: string): Promise<boolean>;
  /** Every file in the store (housekeeping looks for those nothing uses). */
  list(): AsyncIterable<StoredUpload>;
  /**
   * Deletes these files (names as `list` gives them); a missing one is no error. One call's
   * files may go in any order: a caller that needs an order calls once per step.
   */
  remove(names: string[]): Promise<void>;
  /**
   * The stores whose files the shop cannot serve from a folder (the bucket): a file by name,
   * null when there is none; `etag` is the caller's If-None-Match.
   */
  open?(name: string, etag?: string): Promise<OpenedUpload | null>;
  /** Lets go of connections at shutdown. */
  close?(): Promise<void>;
}

/** Local disk under DATA_DIR/uploads, served at /uploads/. Writes are atomic (temp file + rename). */
export function createDiskImageStore(dir: string): ImageStore {
  return {
    async save(webp) {
      await fs.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
      const id = randomUUID();
      const write = async (name: string, data: Buffer) => {
        const tmp = path.join(dir, `.${name}.tmp`);
        // Served by this process only: no other user of the machine needs to read it.
        await fs.writeFile(tmp, data, { mode: PRIVATE_FILE_MODE });
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
    async *list() {
      let names: string[];
      try {
        names = await fs.readdir(dir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const name of names) {
        let modifiedMs: number;
        try {
          modifiedMs = (await fs.lstat(path.join(dir, name))).mtimeMs;
        } catch {
          continue; // deleted meanwhile (another instance's run)
        }
        yield { name, modifiedMs };
      }
    },
    async remove(names) {
      for (const name of names) {
        // Names come from `list`; one with a path in it is a bug, not something to follow.
        if (path.basename(name) !== name) throw new Error(`Not an upload's name: ${name}`);
        await fs.rm(path.join(dir, name), { force: true });
      }
    },
  };
}
