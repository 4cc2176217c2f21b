// What the backups of both databases share: their errors and results, the credential tables a
// restore empties, and the files they write and recognise.
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { getTableName } from 'drizzle-orm';
import { rateLimits, sessions, verifications } from '../schema/auth.ts';

export type BackupKind = 'pglite' | 'postgres';

/** A failure the person running the command can act on; its message says how. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export interface BackupResult {
  file: string;
  bytes: number;
  /** How long the shop's queries waited: the checkpoint that starts the copy (a running shop). */
  checkpointMs?: number;
  /** Who made the copy. */
  source: 'running shop' | 'stopped shop' | 'pg_dump';
}

export interface RestoreResult {
  /** The tables in the restored database. */
  tables: number;
  target: string;
}

/**
 * Sessions, link tokens (reset, e-mail change) and rate-limit counters: live credentials and
 * passing state, not the shop's data. A pg_dump leaves their rows out; every restore empties them
 * (the embedded database's copy is of its files, rows and all), so a restored shop signs no one
 * in and a copy's tokens end with the restore.
 */
export const CREDENTIAL_TABLES = [sessions, verifications, rateLimits].map(getTableName);
export const EMPTY_CREDENTIALS = `truncate ${CREDENTIAL_TABLES.map((t) => `"${t}"`).join(', ')}`;

/** Refuses, before any work, a destination that cannot be written as a file. */
export function checkDestination(file: string) {
  const target = path.resolve(file);
  const dir = path.dirname(target);
  if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory())
    throw new BackupError(`${dir} is not a folder: create it first, or name a file in another`);
  if (fs.statSync(target, { throwIfNoEntry: false })?.isDirectory())
    throw new BackupError(`${target} is a folder: name the file to write`);
  return target;
}

/**
 * Writes `file` under a temporary name beside it, then renames it: a failed or interrupted
 * backup never leaves a partial file under the name given (an earlier backup there stays until a
 * complete one replaces it). Owner-only: a copy of the shop holds its customers' data. Resolves
 * with the file's size.
 */
export async function writeFileAtomically(
  file: string,
  produce: (temp: string) => Promise<void>,
): Promise<number> {
  const target = checkDestination(file);
  const dir = path.dirname(target);
  const temp = path.join(dir, `.${path.basename(target)}.partial-${process.pid}`);
  try {
    await produce(temp);
    await fs.promises.chmod(temp, 0o600);
    const handle = await fs.promises.open(temp, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(temp, target);
  } catch (error) {
    await fs.promises.rm(temp, { force: true });
    throw error;
  }
  // The rename reaches the disk with its folder.
  const folder = await fs.promises.open(dir, 'r');
  try {
    await folder.sync();
  } catch {
    // Some file systems refuse to sync a folder; the file itself is synced.
  } finally {
    await folder.close();
  }
  return (await fs.promises.stat(target)).size;
}

/** Gzips `source` into the owner-only file `temp`. */
export const gzipTo = (source: Readable, temp: string) =>
  pipeline(source, zlib.createGzip(), fs.createWriteStream(temp, { mode: 0o600 }));

/**
 * What a file holds, from its first bytes: a gzipped (or plain) tar is a copy of the embedded
 * database's folder, `PGDMP` a pg_dump archive in the custom format; anything else is null.
 */
export async function detectBackupKind(file: string): Promise<BackupKind | null> {
  let head: Buffer;
  try {
    const handle = await fs.promises.open(file, 'r');
    try {
      const buffer = Buffer.alloc(64 * 1024);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      head = buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw new BackupError(`cannot read ${file}: ${(error as Error).message}`);
  }
  if (head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'postgres';
  const isTar = (b: Buffer) =>
    b.length >= 512 && b.subarray(257, 262).toString('latin1') === 'ustar';
  if (head[0] === 0x1f && head[1] === 0x8b) {
    try {
      return isTar(zlib.gunzipSync(head, { finishFlush: zlib.constants.Z_SYNC_FLUSH }))
        ? 'pglite'
        : null;
    } catch {
      return null;
    }
  }
  return isTar(head) ? 'pglite' : null;
}
