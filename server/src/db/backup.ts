// Backups of the configured database and their restore (docs/decisions/042):
// - the embedded database (PGlite): a gzipped tar of its folder, read by PostgreSQL's online-backup
//   procedure while the shop runs (the shop alone may open the folder, so it sends the copy to the
//   command over its control socket) or, when the shop is stopped, by the command itself;
// - PostgreSQL: pg_dump's custom-format archive, restored with pg_restore.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  ByteReader,
  extractTar,
  TAR_END,
  TarError,
  tarMember,
  type MemberRead,
  type TarEntry,
} from '../lib/tar.ts';
import { getTableName } from 'drizzle-orm';
import { openDatabase, openPglite } from './client.ts';
import { rateLimits, sessions, verifications } from './schema/auth.ts';
import { lockDataDir } from './lock.ts';

export type BackupKind = 'pglite' | 'postgres';

/** A failure the person running the command can act on; its message says how. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** The running shop listens here for `npm run backup` (plugins/control-socket.ts). */
export const CONTROL_SOCKET = 'control.sock';
/** Where a restore unpacks and opens the copy before it becomes `pglite`. */
const RESTORE_FOLDER = 'pglite.restoring';
/** A Unix socket's path is at most 107 bytes on Linux (sun_path, with its NUL). */
export const MAX_SOCKET_PATH = 107;

/**
 * Sessions, link tokens (reset, e-mail change) and rate-limit counters: live credentials and
 * passing state, not the shop's data. A pg_dump leaves their rows out; every restore empties them
 * (the embedded database's copy is of its files, rows and all), so a restored shop signs no one
 * in and a copy's tokens end with the restore.
 */
export const CREDENTIAL_TABLES = [sessions, verifications, rateLimits].map(getTableName);
const EMPTY_CREDENTIALS = `truncate ${CREDENTIAL_TABLES.map((t) => `"${t}"`).join(', ')}`;

export function controlSocketPath(dataDir: string) {
  return path.join(dataDir, CONTROL_SOCKET);
}

// ---------------------------------------------------------------------------------------------
// The embedded database's copy

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

const newReport = (): ArchiveReport => ({
  checkpointMs: 0,
  files: 0,
  changedFiles: 0,
  walSegments: 0,
});

/**
 * The folder's members below `root`, in name order, folders before what they hold. Listed
 * synchronously, as its files are read (lib/tar.ts says why): a few milliseconds for a thousand.
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
    for (const entry of listFolder(root)) {
      const read: MemberRead = { short: false };
      yield* tarMember(
        entry,
        entry.type === 'file' ? path.join(root, entry.name) : undefined,
        read,
      );
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
      yield* tarMember(entry, path.join(walFolder, name), read);
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
      yield* tarMember({ name, type: 'file', size: data.length, mtime: now }, data);
    }
    yield TAR_END;
  } finally {
    // Abandoned midway (the command went away, an error): the backup ends with it.
    if (!stopped && !client.closed)
      await client.query('select pg_backup_stop(false)').catch(() => undefined);
  }
}

// ---------------------------------------------------------------------------------------------
// Files

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

const gzipTo = (source: Readable, temp: string) =>
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

export interface BackupResult {
  file: string;
  bytes: number;
  /** How long the shop's queries waited: the checkpoint that starts the copy (a running shop). */
  checkpointMs?: number;
  /** Who made the copy. */
  source: 'running shop' | 'stopped shop' | 'pg_dump';
}

// ---------------------------------------------------------------------------------------------
// Backing up the embedded database

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
        throw error instanceof TarError ? cut() : error;
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

// ---------------------------------------------------------------------------------------------
// Restoring the embedded database

export interface RestoreResult {
  /** The tables in the restored database. */
  tables: number;
  target: string;
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

// ---------------------------------------------------------------------------------------------
// PostgreSQL

/**
 * The URL for a libpq tool without its password, which goes in PGPASSWORD instead: a command's
 * arguments are visible to every user of the machine (ps), its environment is not.
 */
function toolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  try {
    const parsed = new URL(url);
    if (parsed.password) {
      const password = decodeURIComponent(parsed.password);
      parsed.password = '';
      return { dbname: parsed.toString(), env: { ...process.env, PGPASSWORD: password } };
    }
  } catch {
    // Not a URL Node parses (several hosts): libpq reads it as given.
  }
  return { dbname: url, env: process.env };
}

/** Runs a PostgreSQL client tool; resolves with what it printed on stderr (its warnings). */
function runTool(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-8000);
    });
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${command} is not installed: backups on PostgreSQL need its client tools ` +
                "(pg_dump and pg_restore, of the server's major version or newer) on the PATH",
            )
          : error,
      ),
    );
    child.once('close', (code, signal) => {
      if (code === 0) resolve(stderr.trim());
      else
        reject(
          new BackupError(`${command} failed (${signal ?? `exit ${code}`}):\n${stderr.trim()}`),
        );
    });
  });
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Tables of the database outside PostgreSQL's own schemas. */
export function postgresTableCount(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p')
          and n.nspname not in ('pg_catalog', 'information_schema')
          and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'`,
    );
    return rows[0]!.n;
  });
}

/**
 * pg_dump's custom-format archive of the database: one snapshot of it (pg_dump reads in a
 * single repeatable-read transaction), taken while the shop runs, without the rows of
 * CREDENTIAL_TABLES.
 */
export async function backupPostgres(
  url: string,
  file: string,
): Promise<BackupResult & { warnings: string }> {
  const { dbname, env } = toolConnection(url);
  let warnings = '';
  const bytes = await writeFileAtomically(file, async (temp) => {
    warnings = await runTool(
      'pg_dump',
      [
        '--format=custom',
        '--no-password',
        ...CREDENTIAL_TABLES.map((table) => `--exclude-table-data=${table}`),
        `--file=${temp}`,
        `--dbname=${dbname}`,
      ],
      env,
    );
  });
  return { file: path.resolve(file), bytes, source: 'pg_dump', warnings };
}

/**
 * Restores a pg_dump archive into the database, which must hold no table: in one transaction
 * (a failure leaves it empty), owned by the URL's user (`--no-owner`, `--no-acl`: the roles of
 * the database it came from need not exist here), then analysed (pg_restore does not carry the
 * planner's statistics over).
 */
export async function restorePostgres(
  url: string,
  file: string,
): Promise<RestoreResult & { warnings: string }> {
  const name = (() => {
    try {
      return decodeURIComponent(new URL(url).pathname.slice(1)) || 'the database';
    } catch {
      return 'the database';
    }
  })();
  const existing = await postgresTableCount(url);
  if (existing > 0)
    throw new BackupError(
      `${name} (DATABASE_URL) already holds ${existing} tables: a restore goes into an empty ` +
        'database. Create a new one (createdb) and point DATABASE_URL at it.',
    );
  const { dbname, env } = toolConnection(url);
  const warnings = await runTool(
    'pg_restore',
    [
      '--no-owner',
      '--no-acl',
      '--exit-on-error',
      '--single-transaction',
      '--no-password',
      `--dbname=${dbname}`,
      file,
    ],
    env,
  );
  await withClient(url, async (client) => {
    // A copy made before they were left out still holds them.
    await client.query(EMPTY_CREDENTIALS);
    await client.query('analyze');
  });
  return { tables: await postgresTableCount(url), target: name, warnings };
}
