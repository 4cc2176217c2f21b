// The part of the POSIX ustar format that copies of the embedded database need: regular files and
// folders, names up to 255 bytes, files under 8 GiB. Written and read as streams, so a copy of any
// size passes through a fixed amount of memory (PGlite's own dumpDataDir builds the whole archive
// in memory: docs/decisions/042).
import fs from 'node:fs';
import path from 'node:path';

export interface TarEntry {
  /** Relative, with forward slashes, without a trailing slash. */
  name: string;
  type: 'file' | 'dir';
  /** Bytes; 0 for a folder. */
  size: number;
  /** Seconds since the epoch. */
  mtime: number;
}

export class TarError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TarError';
  }
}

const BLOCK = 512;
const CHUNK = 256 * 1024;
const MAX_SIZE = 8 ** 11 - 1;

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

/** The two empty blocks that end an archive. */
export const TAR_END = Buffer.alloc(2 * BLOCK);

function writeOctal(header: Buffer, value: number, offset: number, length: number) {
  header.write(`${value.toString(8).padStart(length - 1, '0')}\0`, offset, length, 'ascii');
}

/** Splits a name longer than 100 bytes at a slash into ustar's prefix (155) and name (100). */
function splitName(name: string): [prefix: string, name: string] {
  if (Buffer.byteLength(name) <= 100) return ['', name];
  for (let i = name.indexOf('/'); i > 0; i = name.indexOf('/', i + 1)) {
    const prefix = name.slice(0, i);
    const rest = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return [prefix, rest];
  }
  throw new TarError(`${name}: the name is too long for a ustar archive`);
}

export function tarHeader(entry: TarEntry): Buffer {
  if (entry.size > MAX_SIZE) throw new TarError(`${entry.name}: too large for a ustar archive`);
  const header = Buffer.alloc(BLOCK);
  const [prefix, name] = splitName(entry.type === 'dir' ? `${entry.name}/` : entry.name);
  header.write(name, 0, 100, 'utf8');
  // The archive holds a private database: owner-only modes, whatever the files had.
  writeOctal(header, entry.type === 'dir' ? 0o700 : 0o600, 100, 8);
  writeOctal(header, 0, 108, 8);
  writeOctal(header, 0, 116, 8);
  writeOctal(header, entry.type === 'file' ? entry.size : 0, 124, 12);
  writeOctal(header, Math.max(0, Math.floor(entry.mtime)), 136, 12);
  header.write(entry.type === 'dir' ? '5' : '0', 156, 1, 'ascii');
  header.write('ustar\u000000', 257, 8, 'ascii');
  header.write(prefix, 345, 155, 'utf8');
  header.write(' '.repeat(8), 148, 8, 'ascii');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  return header;
}

/** What tarMember did with a file that changed between its listing and its reading. */
export interface MemberRead {
  /** The file was shorter than listed, or gone: the rest of the member is zeros. */
  short: boolean;
}

/**
 * One member's blocks: a folder's header, or a file's header and `entry.size` bytes of `source`
 * (a path, or the content itself). A file is read up to the size it was listed with: a file that
 * grew is cut there, one that shrank or vanished is padded with zeros, as pg_basebackup does for
 * a database's files copied while it runs (db/backup.ts says why that is safe there); `read`
 * says whether that happened.
 */
export async function* tarMember(
  entry: TarEntry,
  source?: string | Buffer,
  read: MemberRead = { short: false },
): AsyncGenerator<Buffer> {
  yield tarHeader(entry);
  if (entry.type !== 'file') return;
  if (Buffer.isBuffer(source)) {
    if (source.length !== entry.size) throw new TarError(`${entry.name}: size mismatch`);
    yield source;
  } else if (source !== undefined) {
    // Read synchronously, one chunk between yields: each asynchronous read would wait for a turn
    // of the event loop, and a busy shop's turns are long (1,100 files of an empty database took
    // 39 s under purchase load that way). PGlite reads and writes these files synchronously
    // itself, for every query.
    let fd: number | null = null;
    try {
      fd = fs.openSync(source, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    let done = 0;
    try {
      while (fd !== null && done < entry.size) {
        const buffer = Buffer.allocUnsafe(Math.min(CHUNK, entry.size - done));
        const bytesRead = fs.readSync(fd, buffer, 0, buffer.length, done);
        if (bytesRead === 0) break;
        done += bytesRead;
        yield buffer.subarray(0, bytesRead);
      }
    } finally {
      if (fd !== null) fs.closeSync(fd);
    }
    if (done < entry.size) {
      read.short = true;
      for (let left = entry.size - done; left > 0; left -= CHUNK)
        yield Buffer.alloc(Math.min(CHUNK, left));
    }
  } else {
    throw new TarError(`${entry.name}: a file member without content`);
  }
  if (padding(entry.size)) yield Buffer.alloc(padding(entry.size));
}

/** Reads exact byte counts from a stream of chunks. */
export class ByteReader {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private ended = false;
  private readonly source: AsyncIterator<Buffer | string>;

  constructor(source: AsyncIterable<Buffer | string>) {
    this.source = source[Symbol.asyncIterator]();
  }

  /** Pulls one more chunk; false at the end of the stream. */
  private async pull(): Promise<boolean> {
    if (this.ended) return false;
    const next = await this.source.next();
    if (next.done) {
      this.ended = true;
      return false;
    }
    const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    if (chunk.length > 0) {
      this.chunks.push(chunk);
      this.buffered += chunk.length;
    }
    return true;
  }

  private take(n: number): Buffer {
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    const out = all.subarray(0, n);
    const rest = all.subarray(n);
    this.chunks = rest.length ? [rest] : [];
    this.buffered = rest.length;
    return out;
  }

  /** Exactly `n` bytes; null when the stream ended before the first of them, else an error. */
  async read(n: number): Promise<Buffer | null> {
    while (this.buffered < n) {
      if (!(await this.pull())) {
        if (this.buffered === 0) return null;
        throw new TarError(`the stream ended ${n - this.buffered} bytes short`);
      }
    }
    return this.take(n);
  }

  /** The bytes before the next `\n` (which is consumed), at most `max` of them. */
  async readLine(max: number): Promise<string | null> {
    for (;;) {
      const all = Buffer.concat(this.chunks);
      this.chunks = all.length ? [all] : [];
      const end = all.indexOf(10);
      if (end >= 0) {
        const line = this.take(end + 1);
        return line.subarray(0, end).toString('utf8');
      }
      if (all.length > max) throw new TarError(`a line longer than ${max} bytes`);
      if (!(await this.pull())) return null;
    }
  }

  /** The next `n` bytes as chunks, without holding them all; an error if the stream ends first. */
  async *chunksOf(n: number): AsyncGenerator<Buffer> {
    let left = n;
    while (left > 0) {
      if (this.buffered === 0 && !(await this.pull()))
        throw new TarError(`the stream ended ${left} bytes short`);
      if (this.buffered === 0) continue;
      const chunk = this.take(Math.min(left, this.buffered));
      left -= chunk.length;
      yield chunk;
    }
  }

  /** Whether the stream has bytes left after what was read. */
  async hasMore(): Promise<boolean> {
    while (this.buffered === 0) if (!(await this.pull())) return false;
    return true;
  }
}

function readOctal(header: Buffer, offset: number, length: number): number {
  const text = header
    .subarray(offset, offset + length)
    .toString('ascii')
    .replace(/[\0 ]+$/, '')
    .trim();
  if (!/^[0-7]*$/.test(text)) throw new TarError('a damaged archive header');
  return text ? Number.parseInt(text, 8) : 0;
}

function readString(header: Buffer, offset: number, length: number): string {
  const field = header.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end < 0 ? length : end).toString('utf8');
}

function checksumMatches(header: Buffer): boolean {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!;
  return readOctal(header, 148, 8) === sum;
}

/**
 * A member's name as a path under the target: a leading slash is dropped (PGlite's own archives
 * name their members `/PG_VERSION`...), and a name that would leave the target is refused.
 */
function safeRelative(name: string): string | null {
  const trimmed = name.replace(/^\/+/, '').replace(/\/+$/, '');
  if (trimmed === '' || trimmed === '.') return null;
  const normal = path.posix.normalize(trimmed);
  if (normal.startsWith('../') || normal === '..' || path.posix.isAbsolute(normal))
    throw new TarError(`${name}: a name outside the archive's folder`);
  return normal;
}

/**
 * Extracts a ustar archive (regular files and folders only) into `target`, which exists. Files
 * are written owner-only. Resolves with the members extracted.
 */
export async function extractTar(source: AsyncIterable<Buffer>, target: string) {
  const reader = new ByteReader(source);
  const entries: TarEntry[] = [];
  for (;;) {
    const header = await reader.read(BLOCK);
    if (!header) throw new TarError('the archive ends without its end marker: it is truncated');
    if (header.every((b) => b === 0)) break;
    if (!checksumMatches(header)) throw new TarError('not a tar archive, or a damaged one');
    const prefix = readString(header, 345, 155);
    const rawName = prefix ? `${prefix}/${readString(header, 0, 100)}` : readString(header, 0, 100);
    const type = String.fromCharCode(header[156]!);
    const size = readOctal(header, 124, 12);
    const mtime = readOctal(header, 136, 12);
    const name = safeRelative(rawName);
    if (type === '5') {
      if (name) {
        await fs.promises.mkdir(path.join(target, name), { recursive: true, mode: 0o700 });
        entries.push({ name, type: 'dir', size: 0, mtime });
      }
      continue;
    }
    if (type !== '0' && type !== '\0')
      throw new TarError(`${rawName}: not a regular file or folder (type ${JSON.stringify(type)})`);
    if (!name) throw new TarError('a file member without a name');
    const file = path.join(target, name);
    await fs.promises.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const handle = await fs.promises.open(file, 'w', 0o600);
    try {
      for await (const chunk of reader.chunksOf(size)) await handle.write(chunk);
    } finally {
      await handle.close();
    }
    if (padding(size)) await reader.read(padding(size));
    entries.push({ name, type: 'file', size, mtime });
  }
  return entries;
}
