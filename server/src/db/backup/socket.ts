// A copy of the embedded database made by the running shop, which alone may open its folder: the
// command asks for it over the shop's control socket (plugins/control-socket.ts,
// docs/decisions/042).
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import { ByteReader, ByteStreamError } from '../../lib/byte-reader.ts';
import { newReport, pgliteArchive, type ArchiveReport } from './pglite-archive.ts';
import {
  BackupError,
  checkDestination,
  gzipTo,
  writeFileAtomically,
  type BackupKind,
  type BackupResult,
} from './shared.ts';

/** The running shop listens here for `npm run backup` (plugins/control-socket.ts). */
export const CONTROL_SOCKET = 'control.sock';
/** A Unix socket's path is at most 107 bytes on Linux (sun_path, with its NUL). */
export const MAX_SOCKET_PATH = 107;

export function controlSocketPath(dataDir: string) {
  return path.join(dataDir, CONTROL_SOCKET);
}

/**
 * The control socket's conversation: the command sends `backup\n`; the shop answers a JSON line
 * (`{"kind":"pglite"}`, or `{"error":...}` and nothing more), then the archive in frames (a 4-byte
 * length, then that many bytes), a frame of length 0, and a JSON line: the report, or the error
 * that stopped the copy midway. The command keeps the file only after a report.
 */
interface ShopAnswer {
  kind?: BackupKind;
  error?: string;
}
type ShopTrailer = (ArchiveReport & { bytes: number }) | { error: string };

/** Frames are gathered up to this size: one write for many small tar headers. */
const FRAME_BYTES = 256 * 1024;

function frame(parts: Buffer[], length: number): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(length);
  return Buffer.concat([head, ...parts]);
}

/**
 * The running shop's side of one backup request: the archive, uncompressed (the command
 * compresses it, so the shop spends no time on it), down the socket. Resolves with the report;
 * rejects with what failed, after telling the command.
 */
export async function sendBackup(socket: net.Socket, client: PGlite) {
  const report = newReport();
  let bytes = 0;
  let failure: unknown = null;
  async function* framed() {
    yield Buffer.from(`${JSON.stringify({ kind: 'pglite' } satisfies ShopAnswer)}\n`);
    let parts: Buffer[] = [];
    let length = 0;
    try {
      for await (const chunk of pgliteArchive(client, report)) {
        parts.push(chunk);
        length += chunk.length;
        bytes += chunk.length;
        if (length >= FRAME_BYTES) {
          yield frame(parts, length);
          parts = [];
          length = 0;
        }
      }
      if (length > 0) yield frame(parts, length);
    } catch (error) {
      failure = error;
    }
    const trailer: ShopTrailer = failure
      ? {
          error: failure instanceof BackupError ? failure.message : 'the copy failed (see the log)',
        }
      : { ...report, bytes };
    yield Buffer.concat([Buffer.alloc(4), Buffer.from(`${JSON.stringify(trailer)}\n`)]);
  }
  await pipeline(Readable.from(framed()), socket);
  if (failure) throw failure;
  return { ...report, bytes };
}

/**
 * Asks the shop running on `dataDir` for a copy of its database and writes it to `file`,
 * gzipped. Resolves null when no shop answers on the folder's control socket.
 */
export async function backupFromShop(dataDir: string, file: string): Promise<BackupResult | null> {
  checkDestination(file);
  const socketPath = controlSocketPath(dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) return null;
  const socket = net.createConnection(socketPath);
  try {
    try {
      await once(socket, 'connect');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ECONNREFUSED') return null;
      throw new BackupError(`cannot reach the shop on ${socketPath}: ${(error as Error).message}`);
    }
    socket.write('backup\n');
    const reader = new ByteReader(socket);
    const cut = () =>
      new BackupError(
        "the connection to the shop ended before the copy was complete (see the shop's log)",
      );
    const line = await reader.readLine(64 * 1024);
    if (line === null) throw cut();
    const answer = JSON.parse(line) as ShopAnswer;
    if (answer.error)
      throw new BackupError(`the running shop did not make the copy: ${answer.error}`);
    if (answer.kind !== 'pglite')
      throw new BackupError(`the shop answered something other than a copy: ${line.slice(0, 200)}`);
    let trailer: ShopTrailer | null = null;
    async function* body() {
      for (;;) {
        const head = await reader.read(4);
        if (!head) throw cut();
        const length = head.readUInt32BE(0);
        if (length === 0) return;
        yield* reader.chunksOf(length);
      }
    }
    let received = 0;
    const bytes = await writeFileAtomically(file, async (temp) => {
      const counted = Readable.from(body()).on('data', (chunk: Buffer) => {
        received += chunk.length;
      });
      try {
        await gzipTo(counted, temp);
      } catch (error) {
        throw error instanceof ByteStreamError ? cut() : error;
      }
      const last = await reader.readLine(64 * 1024);
      if (last === null) throw cut();
      trailer = JSON.parse(last) as ShopTrailer;
      if ('error' in trailer)
        throw new BackupError(`the running shop's copy failed midway: ${trailer.error}`);
      if (trailer.bytes !== received)
        throw new BackupError(`the shop sent ${trailer.bytes} bytes, ${received} arrived`);
    });
    const report = trailer as (ArchiveReport & { bytes: number }) | null;
    return {
      file: path.resolve(file),
      bytes,
      checkpointMs: report?.checkpointMs,
      source: 'running shop',
    };
  } finally {
    socket.destroy();
  }
}
