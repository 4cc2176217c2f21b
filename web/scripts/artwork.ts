// The artwork plugin: renders the demo artwork (SVG under public/images/<folder>/) to WebP copies
// `<name>-<width>.webp` at the widths of the contract's images.ts, emitted into the build; serves them
// on demand in the dev server. (The hero picture's preload is a header: scripts/page-hints.ts.)
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Plugin } from 'vite';
// By path, not by package name: Vite loads its config's imports from packages with Node, which
// cannot read TypeScript; a relative import is bundled into the config.
import { ARTWORK_WIDTHS, type ArtworkFolder } from '../../contract/src/images.ts';

const COPY = /^\/images\/([a-z]+)\/([A-Za-z0-9_-]+)-(\d+)\.webp$/;

const WEBP = { quality: 80, effort: 5 } as const;

/** One SVG drawn at `width` pixels (height to scale) and encoded as WebP. */
export async function renderWebp(svg: Buffer, width: number): Promise<Buffer> {
  const { width: drawn = width } = await sharp(svg).metadata();
  // Rasterise at the target size (SVG's 72 dpi scaled), not at the drawing's own size.
  const density = Math.max(1, (72 * width) / drawn);
  return sharp(svg, { density }).resize({ width }).webp(WEBP).toBuffer();
}

/** renderWebp, kept in a cache folder by content: a rebuild renders only changed drawings. */
async function cachedWebp(cacheDir: string, svg: Buffer, width: number): Promise<Buffer> {
  const key = createHash('sha256')
    .update(svg)
    .update(JSON.stringify({ width, WEBP, sharp: sharp.versions.sharp }))
    .digest('hex');
  const file = path.join(cacheDir, `${key}.webp`);
  try {
    return await fs.readFile(file);
  } catch {
    const webp = await renderWebp(svg, width);
    await fs.mkdir(cacheDir, { recursive: true });
    const tmp = `${file}.${randomUUID()}.tmp`;
    await fs.writeFile(tmp, webp);
    await fs.rename(tmp, file);
    return webp;
  }
}

/** Every copy to make: [public URL of the copy, SVG file, width]. */
export async function artworkCopies(publicDir: string): Promise<[string, string, number][]> {
  const copies: [string, string, number][] = [];
  for (const [folder, widths] of Object.entries(ARTWORK_WIDTHS)) {
    const dir = path.join(publicDir, 'images', folder);
    for (const file of (await fs.readdir(dir)).sort()) {
      if (!file.endsWith('.svg')) continue;
      const name = file.slice(0, -'.svg'.length);
      for (const width of widths) {
        copies.push([`/images/${folder}/${name}-${width}.webp`, path.join(dir, file), width]);
      }
    }
  }
  return copies;
}

export function artwork(): Plugin {
  let publicDir = '';
  let cacheDir = '';
  return {
    name: 'partsmith-artwork',
    // The browser's build only: the server build serves no files.
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      publicDir = config.publicDir;
      cacheDir = path.join(config.cacheDir, 'artwork');
    },
    configureServer(server) {
      const made = new Map<string, Promise<Buffer>>();
      server.middlewares.use((req, res, next) => {
        const match = COPY.exec(req.url?.split('?')[0] ?? '');
        const widths = match ? ARTWORK_WIDTHS[match[1] as ArtworkFolder] : undefined;
        if (!match || !(widths as readonly number[] | undefined)?.includes(Number(match[3])))
          return next();
        const key = match[0];
        if (!made.has(key)) {
          const svg = path.join(publicDir, 'images', match[1]!, `${match[2]}.svg`);
          made.set(
            key,
            fs.readFile(svg).then((data) => renderWebp(data, Number(match[3]))),
          );
        }
        made.get(key)!.then(
          (webp) => {
            res.setHeader('content-type', 'image/webp');
            res.end(webp);
          },
          () => {
            made.delete(key);
            next();
          },
        );
      });
    },
    async generateBundle() {
      const copies = await artworkCopies(publicDir);
      const svgs = new Map<string, Promise<Buffer>>();
      await Promise.all(
        copies.map(async ([url, file, width]) => {
          if (!svgs.has(file)) svgs.set(file, fs.readFile(file));
          const source = await cachedWebp(cacheDir, await svgs.get(file)!, width);
          this.emitFile({ type: 'asset', fileName: url.slice(1), source });
        }),
      );
    },
  };
}
