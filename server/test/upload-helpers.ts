import sharp from 'sharp';
import { reencodeImage } from '../src/modules/uploads/images.ts';

/** A plain picture of the given size, as the shop stores an upload (WebP). */
export const picture = async (width: number, height: number) =>
  reencodeImage(
    await sharp({ create: { width, height, channels: 3, background: '#0e7490' } })
      .png()
      .toBuffer(),
  );

/** A real PNG whose header claims 20000 x 20000 pixels (refused before it is decoded). */
export async function hugePngHeader() {
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
