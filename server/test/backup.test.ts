import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { backupPgliteTo, restorePglite } from '../src/db/backup/pglite.ts';
import { backupPostgres, restorePostgres } from '../src/db/backup/postgres.ts';
import { BackupError, detectBackupKind } from '../src/db/backup/shared.ts';
import { backupFromShop, controlSocketPath } from '../src/db/backup/socket.ts';
import { tarArchive } from '../src/db/backup/tar.ts';
import { createPgPool, fromPgPool, openDatabase, type Database } from '../src/db/client.ts';
import { DataDirLockedError } from '../src/db/lock.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { databaseUrl } from './global-setup.ts';
import { NO_LIMITS, tempDir } from './helpers.ts';

const restoreCli = fileURLToPath(new URL('../src/cli/restore.ts', import.meta.url));
const tsx = path.resolve(fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url)));

function restore(file: string, env: { DATA_DIR?: string; DATABASE_URL?: string }) {
  return spawnSync(tsx, [restoreCli, file], {
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env },
    timeout: 60_000,
  });
}

/** A tar of one small file: a PGlite-style archive that holds no database. */
async function tarOfNothing(): Promise<string> {
  const file = path.join(folder(), 'other.tar');
  const other = folder();
  fs.writeFileSync(path.join(other, 'note'), 'hello');
  await pipeline(
    tarArchive((add) =>
      add({ name: 'note', type: 'file', size: 5, mtime: 0 }, path.join(other, 'note')),
    ),
    fs.createWriteStream(file),
  );
  return file;
}

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});
function folder() {
  const dir = tempDir('partsmith-backup-test-');
  folders.push(dir);
  return dir;
}

/**
 * A probe of consistency: each write is one transaction that adds a row and adds its amount to
 * a single total, so any state a copy catches must have sum(amount) = total.
 */
const PROBE_SCHEMA = `
  create table backup_probe (id serial primary key, amount int not null);
  create table backup_total (only_row boolean primary key default true, total bigint not null);
  insert into backup_total (total) values (0);`;

async function createProbe(database: Database) {
  if (database.raw.kind === 'pglite') await database.raw.client.exec(PROBE_SCHEMA);
  else await database.raw.pool.query(PROBE_SCHEMA);
}

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function writeProbe(database: Database, amount: number): Promise<number> {
  return database.db.transaction(async (tx) => {
    const inserted = await tx.execute(
      sql`insert into backup_probe (amount) values (${amount}) returning id`,
    );
    await tx.execute(sql`update backup_total set total = total + ${amount}`);
    return Number(rows<{ id: number }>(inserted)[0]!.id);
  });
}

async function probeState(database: Database) {
  const ids = rows<{ id: number }>(await database.db.execute(sql`select id from backup_probe`));
  const [sums] = rows<{ sum: string | null; total: string }>(
    await database.db.execute(
      sql`select (select sum(amount) from backup_probe) as sum, (select total from backup_total) as total`,
    ),
  );
  return {
    ids: new Set(ids.map((r) => Number(r.id))),
    sum: Number(sums!.sum ?? 0),
    total: Number(sums!.total),
  };
}

/**
 * Writes in a loop from `writers` concurrent callers until stopped; every write that committed
 * is kept with the time its commit was answered.
 */
function writeLoad(database: Database, writers: number) {
  const committed: { id: number; at: number }[] = [];
  let stopped = false;
  const loops = Array.from({ length: writers }, async (_, w) => {
    for (let n = 0; !stopped; n++) {
      const id = await writeProbe(database, 1 + ((w + n) % 5));
      committed.push({ id, at: performance.now() });
      // PGlite answers without I/O, in microtasks only: without a turn of the event loop here,
      // the loops would starve every timer and socket (a shop's writes arrive as I/O).
      await new Promise((resolve) => setImmediate(resolve));
    }
  });
  return {
    committed,
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

describe('backup and restore of the embedded database', () => {
  it('round-trips the rows, and refuses a folder that holds a database and a file of the wrong kind', async () => {
    const dataDir = folder();
    const database = await openDatabase({ dataDir });
    await runMigrations(database);
    await createProbe(database);
    for (let i = 1; i <= 50; i++) await writeProbe(database, i);
    const file = path.join(folder(), 'shop.tar.gz');
    if (database.raw.kind !== 'pglite') throw new Error('expected PGlite');
    const written = await backupPgliteTo(database.raw.client, file);
    await database.close();
    expect(written.bytes).toBe(fs.statSync(file).size);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(await detectBackupKind(file)).toBe('pglite');
    // No temporary file is left beside it, nor the copy in the data folder.
    expect(fs.readdirSync(path.dirname(file))).toEqual(['shop.tar.gz']);
    expect(fs.readdirSync(dataDir).sort()).toEqual(['pglite']);

    const restoredDir = folder();
    const restored = await restorePglite(restoredDir, file);
    expect(restored.tables).toBeGreaterThan(10);
    const reopened = await openDatabase({ dataDir: restoredDir });
    try {
      const state = await probeState(reopened);
      expect(state.ids.size).toBe(50);
      expect(state.sum).toBe(state.total);
      expect(state.total).toBe((50 * 51) / 2);
    } finally {
      await reopened.close();
    }

    // A folder that holds a database is refused, and left as it was.
    await expect(restorePglite(restoredDir, file)).rejects.toThrow(/already holds a database/);
    // A tar that is not a database folder is refused, and leaves nothing behind.
    const notDatabase = await tarOfNothing();
    expect(await detectBackupKind(notDatabase)).toBe('pglite');
    const emptyDir = folder();
    await expect(restorePglite(emptyDir, notDatabase)).rejects.toThrow(
      /not of an embedded database's folder/,
    );
    expect(fs.readdirSync(emptyDir)).toEqual([]);

    // The command: a file that is no backup, and a pg_dump archive without DATABASE_URL.
    const text = path.join(folder(), 'notes.txt');
    fs.writeFileSync(text, 'not a backup at all');
    const dump = path.join(folder(), 'shop.dump');
    fs.writeFileSync(dump, Buffer.concat([Buffer.from('PGDMP'), randomBytes(100)]));
    expect(await detectBackupKind(dump)).toBe('postgres');
    expect(await detectBackupKind(text)).toBeNull();
    const wrong = restore(text, { DATA_DIR: folder() });
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain('is not a Partsmith backup');
    const pgDump = restore(dump, { DATA_DIR: folder() });
    expect(pgDump.status).toBe(1);
    expect(pgDump.stderr).toContain('is a pg_dump archive');
    const full = restore(file, { DATA_DIR: restoredDir });
    expect(full.status).toBe(1);
    expect(full.stderr).toContain('already holds a database');
  }, 180_000);

  it("takes a consistent copy through the running app's control socket while writes go on", async () => {
    const dataDir = folder();
    const database = await openDatabase({ dataDir });
    await runMigrations(database);
    await createProbe(database);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(dataDir, 'no-web-build'),
      ...NO_LIMITS,
    });
    const app = await buildApp(config, { database });
    await app.ready();
    const socketPath = controlSocketPath(dataDir);
    expect(fs.statSync(socketPath).isSocket()).toBe(true);
    expect(fs.statSync(socketPath).mode & 0o777).toBe(0o600);

    // The shop holds the folder: no second process may open it.
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirLockedError);

    const load = writeLoad(database, 4);
    await new Promise((r) => setTimeout(r, 500));
    const file = path.join(folder(), 'running.tar.gz');
    const began = performance.now();
    const result = await backupFromShop(dataDir, file);
    const ended = performance.now();
    await new Promise((r) => setTimeout(r, 200));
    await load.stop();
    await app.close();
    await database.close();
    expect(fs.existsSync(socketPath)).toBe(false);

    expect(result?.source).toBe('running shop');
    const before = load.committed.filter((c) => c.at < began);
    const during = load.committed.filter((c) => c.at >= began && c.at <= ended);
    const after = load.committed.filter((c) => c.at > ended);
    expect(before.length).toBeGreaterThan(10);
    expect(after.length, 'writes went on after the copy').toBeGreaterThan(0);

    const restoredDir = folder();
    await restorePglite(restoredDir, file);
    const reopened = await openDatabase({ dataDir: restoredDir });
    try {
      const state = await probeState(reopened);
      const missing = before.filter((c) => !state.ids.has(c.id));
      expect(missing).toEqual([]);
      expect(state.sum).toBe(state.total);
      // Nothing committed after the copy ended is in it.
      expect(after.filter((c) => state.ids.has(c.id))).toEqual([]);
      process.stdout.write(
        `[backup] pglite via the socket: ${before.length} writes before, ${during.length} during ` +
          `(${during.filter((c) => state.ids.has(c.id)).length} in the copy), ${after.length} after; ` +
          `copy ${result!.bytes} bytes, checkpoint ${Math.round(result!.checkpointMs ?? 0)} ms, ` +
          `${Math.round(ended - began)} ms in all\n`,
      );
    } finally {
      await reopened.close();
    }
  }, 180_000);

  it('answers null when no shop listens, so the command opens the folder itself', async () => {
    const dataDir = folder();
    expect(await backupFromShop(dataDir, path.join(folder(), 'x.tar.gz'))).toBeNull();
    // A socket left by a killed shop: nobody answers on it.
    fs.writeFileSync(controlSocketPath(dataDir), '');
    expect(await backupFromShop(dataDir, path.join(folder(), 'x.tar.gz'))).toBeNull();
    await expect(backupFromShop(dataDir, path.join(folder(), 'no/such/x.tar.gz'))).rejects.toThrow(
      BackupError,
    );
  });
});

const postgres = inject('postgres');

describe.skipIf(!postgres)('backup and restore on PostgreSQL', () => {
  const created: string[] = [];
  afterAll(async () => {
    if (!postgres) return;
    const admin = new pg.Client({ connectionString: postgres.adminUrl });
    await admin.connect();
    for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  async function createDatabase(template: string | null) {
    const name = `partsmith_b_${postgres!.template.split('_').pop()}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgres!.adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
    await admin.end();
    created.push(name);
    return databaseUrl(postgres!.adminUrl, name);
  }

  it('pg_dump while writes go on, then pg_restore into an empty database; refuses a full one', async () => {
    const url = await createDatabase(postgres!.template);
    const database = fromPgPool(createPgPool(url, 6));
    await createProbe(database);
    const load = writeLoad(database, 4);
    await new Promise((r) => setTimeout(r, 300));
    const file = path.join(folder(), 'shop.dump');
    const began = performance.now();
    const result = await backupPostgres(url, file);
    const ended = performance.now();
    await load.stop();
    await database.close();
    expect(result.bytes).toBe(fs.statSync(file).size);
    expect(await detectBackupKind(file)).toBe('postgres');
    expect(fs.readdirSync(path.dirname(file))).toEqual(['shop.dump']);

    const target = await createDatabase(null);
    const restored = await restorePostgres(target, file);
    expect(restored.tables).toBeGreaterThan(10);
    const reopened = fromPgPool(createPgPool(target, 2));
    try {
      const state = await probeState(reopened);
      const before = load.committed.filter((c) => c.at < began);
      expect(before.length).toBeGreaterThan(10);
      expect(before.filter((c) => !state.ids.has(c.id))).toEqual([]);
      expect(state.sum).toBe(state.total);
      const after = load.committed.filter((c) => c.at > ended);
      expect(after.filter((c) => state.ids.has(c.id))).toEqual([]);
      // The restored database is the shop's: its migrations are all there.
      await runMigrations(reopened);
    } finally {
      await reopened.close();
    }

    await expect(restorePostgres(target, file)).rejects.toThrow(/already holds \d+ tables/);
    // A copy of the embedded database is not for PostgreSQL: refused before pg_restore runs.
    const empty = await createDatabase(null);
    const wrong = restore(await tarOfNothing(), { DATABASE_URL: empty, DATA_DIR: folder() });
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain('is a copy of the embedded database, but DATABASE_URL is set');
  }, 180_000);
});
