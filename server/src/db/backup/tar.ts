// The archive a copy of the embedded database is kept in: a POSIX tar made and read by tar-stream,
// of regular files and folders only, with owner-only modes. Both ways it is a stream, so a copy
// of any size passes through a fixed amount of memory (PGlite's own dumpDataDir builds the whole
// archive in memory).
import fs from 'node:fs';
import path from 'node:path';
import tarStream, { type Pack } from 'tar-stream';

export interface TarEntry {
  /** Relative, with forward slashes, without a trailing slash. */
  name: string;
  type: 'file' | 'dir';
  /** Bytes; 0 for a folder. */
  size: number;
  /** Seconds since the epoch. */
  mtime: number;
}

/** An archive that cannot be made or read as it is: its message says what is wrong with it. */
export class TarError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TarError';
  }
}

/** What a member's file did between its listing and its reading. */
export interface MemberRead {
  /** The file was shorter than listed, or gone: the rest of the member is zeros. */
  short: boolean;
}

/** Adds one member: a folder, or a file of `entry.size` bytes read from `source`. */
export type AddMember = (
  entry: TarEntry,
  source?: string | Buffer,
  read?: MemberRead,
) => Promise<void>;

const BLOCK = 512;
const CHUNK = 256 * 1024;

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

/** The smallest interface of tar-stream's streams used here (its types come from streamx). */
interface Flowing {
  readonly destroyed: boolean;
  destroy(error?: Error | null): void;
  once(event: 'drain' | 'close', listener: () => void): unknown;
  off(event: 'drain' | 'close', listener: () => void): unknown;
}

/** Resolves when `stream` takes writes again; rejects if it is destroyed first. */
function drained(stream: Flowing): Promise<void> {
  if (stream.destroyed) return Promise.reject(new TarError('the archive was closed midway'));
  return new Promise((resolve, reject) => {
    const onDrain = () => {
      stream.off('close', onClose);
      resolve();
    };
    const onClose = () => {
      stream.off('drain', onDrain);
      reject(new TarError('the archive was closed midway'));
    };
    stream.once('drain', onDrain);
    stream.once('close', onClose);
  });
}

/**
 * A file member's content: `entry.size` bytes of `source` (a path, or the content itself). A file
 * is read up to the size it was listed with: one that grew is cut there, one that shrank or
 * vanished is padded with zeros, as pg_basebackup does for a database's files copied while it
 * runs (db/backup/pglite-archive.ts says why that is safe there); `read` says whether that
 * happened. Read synchronously, one chunk at a time: each asynchronous read would wait for a turn
 * of the event loop, and a busy shop's turns are long (1,100 files of an empty database took 39 s
 * under purchase load that way). PGlite reads and writes these files synchronously itself.
 */
function* content(entry: TarEntry, source: string | Buffer, read: MemberRead): Generator<Buffer> {
  if (Buffer.isBuffer(source)) {
    if (source.length !== entry.size) throw new TarError(`${entry.name}: size mismatch`);
    yield source;
    return;
  }
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
}

async function addMember(
  pack: Pack,
  entry: TarEntry,
  source?: string | Buffer,
  read: MemberRead = { short: false },
): Promise<void> {
  const isFile = entry.type === 'file';
  if (isFile && source === undefined)
    throw new TarError(`${entry.name}: a file member without content`);
  let sink!: ReturnType<Pack['entry']>;
  const added = new Promise<void>((resolve, reject) => {
    sink = pack.entry(
      {
        name: isFile ? entry.name : `${entry.name}/`,
        type: isFile ? 'file' : 'directory',
        size: isFile ? entry.size : 0,
        // The archive holds a private database: owner-only modes, whatever the files had.
        mode: isFile ? 0o600 : 0o700,
        mtime: new Date(Math.max(0, Math.floor(entry.mtime)) * 1000),
      },
      (error) => (error ? reject(error) : resolve()),
    );
  });
  // Awaited below; a failure while a write waits is thrown from there.
  added.catch(() => undefined);
  if (isFile) {
    for (const chunk of content(entry, source!, read)) if (!sink.write(chunk)) await drained(sink);
    sink.end(undefined);
  }
  return added;
}

/**
 * A tar archive of the members `produce` adds, as it adds them. `produce` runs while the archive
 * is read: each member waits until the reader has taken the bytes before it. A reader that stops
 * early stops `produce` (its next member is refused) and waits for it to return.
 */
export async function* tarArchive(
  produce: (add: AddMember) => Promise<void>,
): AsyncGenerator<Buffer> {
  const pack = tarStream.pack();
  const produced = produce((entry, source, read) => addMember(pack, entry, source, read)).then(
    () => pack.finalize(),
    (error: unknown) => pack.destroy(error as Error),
  );
  try {
    for await (const chunk of pack) yield chunk as Buffer;
  } finally {
    pack.destroy();
    await produced;
  }
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

/** What tar-stream or the decompression found wrong with the bytes, as a TarError. */
function damaged(error: unknown): unknown {
  if (!(error instanceof Error) || error instanceof TarError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  // The file itself could not be read: not the archive's fault.
  if ((error as NodeJS.ErrnoException).syscall) return error;
  if (error.message === 'Unexpected end of data')
    return new TarError('the archive ends midway: it is truncated');
  if (typeof code === 'string' && code.startsWith('Z_'))
    return new TarError(`the archive's compression is damaged: ${error.message}`);
  return new TarError(`not a tar archive, or a damaged one: ${error.message}`);
}

/**
 * Extracts a tar archive (regular files and folders only) into `target`, which exists. Files are
 * written owner-only, folders too. An archive without its end marker (two empty blocks after the
 * last member) is refused as truncated, even when it was cut between two members. Resolves with
 * the members extracted.
 */
export async function extractTar(source: AsyncIterable<Buffer>, target: string) {
  const extract = tarStream.extract();
  let received = 0;
  const fed = (async () => {
    for await (const chunk of source) {
      received += chunk.length;
      if (!extract.write(chunk)) await drained(extract);
    }
    extract.end(undefined);
  })();
  fed.catch((error: unknown) => extract.destroy(error as Error));
  // What stopped the extraction: a member's own stream only says it was destroyed.
  let failure: unknown = null;
  extract.on('error', (error) => (failure ??= error));
  const closed = new Promise<void>((resolve) => extract.once('close', () => resolve()));
  const members = extract[Symbol.asyncIterator]();
  const entries: TarEntry[] = [];
  /** Where the last member's blocks end. */
  let end = 0;
  try {
    for (;;) {
      let next: Awaited<ReturnType<typeof members.next>>;
      try {
        next = await members.next();
      } catch (error) {
        throw damaged(error);
      }
      if (next.done) break;
      const member = next.value;
      const { name: rawName, type, size, mtime } = member.header;
      const name = safeRelative(rawName);
      const seconds = Math.floor(mtime.getTime() / 1000);
      if (type === 'directory') {
        member.resume();
        end = member.offset + BLOCK;
        if (name) {
          await fs.promises.mkdir(path.join(target, name), { recursive: true, mode: 0o700 });
          entries.push({ name, type: 'dir', size: 0, mtime: seconds });
        }
        continue;
      }
      if (type !== 'file')
        throw new TarError(`${rawName}: not a regular file or folder (a ${type})`);
      if (!name) throw new TarError('a file member without a name');
      const file = path.join(target, name);
      await fs.promises.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const handle = await fs.promises.open(file, 'w', 0o600);
      try {
        for await (const chunk of member) await handle.write(chunk as Buffer);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).syscall) throw error;
        await closed;
        throw damaged(failure ?? error);
      } finally {
        await handle.close();
      }
      end = member.offset + BLOCK + size + padding(size);
      entries.push({ name, type: 'file', size, mtime: seconds });
    }
    await fed;
  } catch (error) {
    await members.return?.();
    await fed.catch(() => undefined);
    throw error;
  }
  if (received - end < 2 * BLOCK)
    throw new TarError('the archive ends without its end marker: it is truncated');
  return entries;
}
