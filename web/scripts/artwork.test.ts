// @vitest-environment node
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ARTWORK_WIDTHS } from '@partsmith/contract/images';
import { artworkCopies, renderWebp } from './artwork.ts';

const PUBLIC = path.join(import.meta.dirname, '..', 'public');

describe('the artwork plugin', () => {
  it('draws an SVG as a WebP of the asked width, height to scale', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 675"><rect width="1200" height="675" fill="#f97316"/></svg>',
    );
    const meta = await sharp(await renderWebp(svg, 480)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 480, height: 270 });
  });

  it('makes a copy of every drawing at each width of its folder', async () => {
    const copies = await artworkCopies(PUBLIC);
    const urls = copies.map(([url]) => url);
    expect(urls).toContain('/images/hero/slide-1-1280.webp');
    expect(urls).toContain('/images/avatars/6-160.webp');
    for (const [folder, widths] of Object.entries(ARTWORK_WIDTHS)) {
      const ofFolder = copies.filter(([url]) => url.startsWith(`/images/${folder}/`));
      expect(ofFolder.length, folder).toBeGreaterThan(0);
      expect(ofFolder.length % widths.length, folder).toBe(0);
    }
  });
});
