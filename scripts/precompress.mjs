// Writes .br and .gz beside every compressible file of the web build, so the server sends
// pre-compressed bytes (at maximum quality) instead of compressing on each request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = path.resolve(process.argv[2] ?? 'web/dist');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
let count = 0;

for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const data = fs.readFileSync(file);
  if (data.length < 512) continue;
  const br = zlib.brotliCompressSync(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gz = zlib.gzipSync(data, { level: 9 });
  if (br.length < data.length) fs.writeFileSync(`${file}.br`, br);
  if (gz.length < data.length) fs.writeFileSync(`${file}.gz`, gz);
  count++;
}
console.log(`precompressed ${count} files in ${path.relative(process.cwd(), dir) || '.'}`);
