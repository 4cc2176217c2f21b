// The embedded database's copy: a tar of its folder, read by PostgreSQL's online-backup procedure
// while the shop runs (docs/decisions/042).
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { BackupError } from './shared.ts';
import { tarArchive, type MemberRead, type TarEntry } from './tar.ts';

/** A WAL segment's file name: timeline, log and segment, 8 hex digits each. */
const WAL_SEGMENT = /^[0-9A-F]{24}$/;
/** Files a copy leaves out, as pg_basebackup does: the running server's own. */
const LEFT_OUT = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'backup_label.old',
  'tablespace_map',
  'tablespace_map.old',
]);
/**
 * Folders copied without their files: PostgreSQL makes their contents again when it starts, or
 * (pg_wal) the copy adds the segments it needs once the files are read.
 */
const EMPTIED = new Set([
  'pg_wal',
  'pg_dynshmem',
  'pg_notify',
  'pg_replslot',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);

/** What a copy of the embedded database did, for the log and the command's report. */
export interface ArchiveReport {
  /** The checkpoint that starts the backup: the one time the shop's queries wait for it. */
  checkpointMs: number;
  files: number;
  /** Files that shrank or vanished while read (zeros fill them; the log replay restores them). */
  changedFiles: number;
  walSegments: number;
}

export const newReport = (): ArchiveReport => ({
  checkpointMs: 0,
  files: 0,
  changedFiles: 0,
  walSegments: 0,
});

/**
 * The folder's members below `root`, in name order, folders before what they hold. Listed
 * synchronously, as its files are read (backup/tar.ts says why): a few milliseconds for a
 * thousand.
 */
function listFolder(root: string): TarEntry[] {
  const entries: TarEntry[] = [];
  function walk(relative: string, emptied: boolean) {
    const names = fs.readdirSync(path.join(root, relative)).sort();
    for (const base of names) {
      const name = relative ? `${relative}/${base}` : base;
      if ((!relative && LEFT_OUT.has(base)) || base.startsWith('pgsql_tmp')) continue;
      // Undefined when dropped (a table, a temporary file) since the folder was read: the log
      // replays that.
      const stat = fs.statSync(path.join(root, name), { throwIfNoEntry: false });
      if (!stat) continue;
      const mtime = Math.floor(stat.mtimeMs / 1000);
      if (stat.isDirectory()) {
        entries.push({ name, type: 'dir', size: 0, mtime });
        walk(name, emptied || (!relative && EMPTIED.has(base)));
      } else if (stat.isFile() && !emptied) {
        entries.push({ name, type: 'file', size: stat.size, mtime });
      }
    }
  }
  walk('', false);
  return entries;
}

/**
 * The embedded database as a tar archive, read from its folder while the shop keeps running, by
 * PostgreSQL's own procedure for a copy of a running server (a "low-level base backup"):
 * `pg_backup_start` makes a checkpoint (the only moment the shop's queries wait), the files are
 * read as they are, while queries go on changing them, then `pg_backup_stop` returns the
 * backup_label, and the write-ahead log from the checkpoint to the stop is added. Opened, the copy
 * replays that log from the checkpoint: every page written while the files were read is restored
 * from the full-page image the log holds of it (full_page_writes is on), and the database is
 * consistent as of the stop, with every transaction committed before it. PGlite has one session;
 * PostgreSQL ties a backup to its session, so one at a time (plugins/control-socket.ts).
 */
export async function* pgliteArchive(
  client: PGlite,
  report: ArchiveReport = newReport(),
): AsyncGenerator<Buffer> {
  const root = client.dataDir;
  if (!root || root.includes('://'))
    throw new BackupError('this embedded database is kept in memory: there is no folder to copy');
  const started = performance.now();
  const [start] = (
    await client.query<{ file: string }>(
      `select pg_walfile_name(lsn) as file from pg_backup_start('partsmith', true) as lsn`,
    )
  ).rows;
  report.checkpointMs = performance.now() - started;
  let stopped = false;
  try {
    yield* tarArchive(async (add) => {
      for (const entry of listFolder(root)) {
        const read: MemberRead = { short: false };
        await add(entry, entry.type === 'file' ? path.join(root, entry.name) : undefined, read);
        if (entry.type === 'file') report.files++;
        if (read.short) report.changedFiles++;
      }
      const [stop] = (
        await client.query<{ labelfile: string; spcmapfile: string; last: string }>(
          `select labelfile, spcmapfile,
                  greatest(pg_walfile_name(lsn), pg_walfile_name(pg_current_wal_insert_lsn())) as last
             from pg_backup_stop(false)`,
        )
      ).rows;
      stopped = true;
      if (!start || !stop) throw new Error('the database did not answer pg_backup_start or _stop');
      const walFolder = path.join(root, 'pg_wal');
      const segments = fs
        .readdirSync(walFolder)
        .filter((name) => WAL_SEGMENT.test(name) && name >= start.file && name <= stop.last)
        .sort();
      // A checkpoint removes the oldest segments first: with the first one here, all are.
      if (segments[0] !== start.file)
        throw new BackupError(
          'the write-ahead log from the start of the copy was recycled while it was read ' +
            '(over 1 GB written meanwhile): run the backup again',
        );
      for (const name of segments) {
        const stat = fs.statSync(path.join(walFolder, name));
        const entry: TarEntry = {
          name: `pg_wal/${name}`,
          type: 'file',
          size: stat.size,
          mtime: Math.floor(stat.mtimeMs / 1000),
        };
        const read: MemberRead = { short: false };
        await add(entry, path.join(walFolder, name), read);
        if (read.short) throw new BackupError(`the log segment ${name} changed while it was read`);
        report.walSegments++;
      }
      const now = Math.floor(Date.now() / 1000);
      for (const [name, text] of [
        ['backup_label', stop.labelfile],
        ['tablespace_map', stop.spcmapfile],
      ] as const) {
        if (!text) continue;
        const data = Buffer.from(text);
        await add({ name, type: 'file', size: data.length, mtime: now }, data);
      }
    });
  } finally {
    // Abandoned midway (the command went away, an error): the backup ends with it.
    if (!stopped && !client.closed)
      await client.query('select pg_backup_stop(false)').catch(() => undefined);
  }
}
