// Backing up and restoring the embedded database from a command, with the shop stopped
// (docs/decisions/042); a running shop sends its copy through backup/socket.ts instead.
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../client.ts';
import { openPglite } from '../pglite.ts';
import { lockDataDir } from '../lock.ts';
import { newReport, pgliteArchive, type ArchiveReport } from './pglite-archive.ts';
import {
  BackupError,
  checkDestination,
  EMPTY_CREDENTIALS,
  gzipTo,
  writeFileAtomically,
  type BackupResult,
  type RestoreResult,
} from './shared.ts';
import { extractTar } from './tar.ts';

/** Where a restore unpacks and opens the copy before it becomes `pglite`. */
const RESTORE_FOLDER = 'pglite.restoring';

/** Writes a gzipped archive of the open embedded database (its folder's lock is this process's). */
export async function backupPgliteTo(
  client: PGlite,
  file: string,
): Promise<{ bytes: number; report: ArchiveReport }> {
  const report = newReport();
  const bytes = await writeFileAtomically(file, (temp) =>
    gzipTo(Readable.from(pgliteArchive(client, report)), temp),
  );
  return { bytes, report };
}

/** When no shop runs on the folder: opens it (taking its lock), copies it, closes it. */
export async function backupStoppedPglite(dataDir: string, file: string): Promise<BackupResult> {
  if (!fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION')))
    throw new BackupError(
      `${dataDir} holds no embedded database (no pglite folder): nothing to copy`,
    );
  checkDestination(file);
  const database = await openDatabase({ dataDir });
  try {
    if (database.raw.kind !== 'pglite') throw new Error('expected the embedded database');
    const { bytes } = await backupPgliteTo(database.raw.client, file);
    return { file: path.resolve(file), bytes, source: 'stopped shop' };
  } finally {
    await database.close();
  }
}

/**
 * Restores a copy of the embedded database into `<dataDir>/pglite`, which must not hold one:
 * unpacked beside it, opened once (PostgreSQL replays the log the copy holds from its backup_label's
 * checkpoint, which also checks that it opens) and closed cleanly, then renamed into place, so an
 * interrupted restore leaves no half database the shop would open. Takes the folder's lock, so a
 * shop running on the folder refuses it.
 */
export async function restorePglite(dataDir: string, file: string): Promise<RestoreResult> {
  const target = path.join(dataDir, 'pglite');
  const release = lockDataDir(dataDir);
  try {
    const present = fs.existsSync(target) ? fs.readdirSync(target) : [];
    if (present.length > 0)
      throw new BackupError(
        `${target} already holds ${present.includes('PG_VERSION') ? 'a database' : 'files'}: ` +
          'a restore goes into an empty data folder. Point DATA_DIR at a new folder, or move that one away first.',
      );
    // Left by a restore that was killed midway (the folder's lock is ours).
    const work = path.join(dataDir, RESTORE_FOLDER);
    await fs.promises.rm(work, { recursive: true, force: true });
    await fs.promises.mkdir(work, { mode: 0o700 });
    try {
      const head = Buffer.alloc(2);
      const handle = await fs.promises.open(file, 'r');
      await handle.read(head, 0, 2, 0);
      await handle.close();
      const source = fs.createReadStream(file);
      const gzipped = head[0] === 0x1f && head[1] === 0x8b;
      await extractTar(gzipped ? source.pipe(zlib.createGunzip()) : source, work);
      if (!fs.existsSync(path.join(work, 'PG_VERSION')))
        throw new BackupError(`${file} is a tar archive, but not of an embedded database's folder`);
      const client = await openPglite(work);
      let tables: number;
      try {
        const { rows } = await client.query<{ n: number }>(
          `select count(*)::int as n from pg_tables
            where schemaname not in ('pg_catalog', 'information_schema')`,
        );
        tables = rows[0]!.n;
        await client.query(EMPTY_CREDENTIALS);
      } finally {
        await client.close();
      }
      if (fs.existsSync(target)) await fs.promises.rmdir(target);
      await fs.promises.rename(work, target);
      return { tables, target };
    } catch (error) {
      await fs.promises.rm(work, { recursive: true, force: true });
      throw error;
    }
  } finally {
    release();
  }
}
