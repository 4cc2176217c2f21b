import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { makePrivateFolder } from '../lib/private-files.ts';
import { lockDataDir } from './lock.ts';

export type Schema = typeof schema;
/** The one database type the app uses: PGlite and node-postgres share Drizzle's pg-core API. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction of that database; repositories accept either, so they compose in one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Whether the database answers a query now (for readiness). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** The raw client, for migrations and tests. */
  raw: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool };
}

/** A database of either kind, from its Drizzle instance, its raw client and how it closes. */
export function databaseOf(db: Db, raw: Database['raw'], close: () => Promise<void>): Database {
  return { db, kind: raw.kind, raw, ping: () => ping(db), close };
}

export function fromPgPool(pool: pg.Pool): Database {
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  return databaseOf(db, { kind: 'postgres', pool }, () => pool.end());
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Shared buffers of the embedded database (each MB is resident memory once touched). */
export const PGLITE_SHARED_BUFFERS = '64MB';

/**
 * No statement of the shop's runs for long: one that does (a lock held by a stuck session, a
 * runaway query) is ended instead of holding its connection. Migrations lift it (migrate.ts).
 */
export const STATEMENT_TIMEOUT_MS = 15_000;

export function createPgPool(url: string, max: number) {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    statement_timeout: STATEMENT_TIMEOUT_MS,
  });
  // An idle client's error (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  return pool;
}

/**
 * Opens the configured database: PostgreSQL when a URL is given, else the embedded PGlite in
 * `<dataDir>/pglite`, after taking the folder's lock. PGlite's code (./pglite.ts) is loaded only
 * then: a shop on PostgreSQL never loads it (decision 071).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
}): Promise<Database> {
  if (options.databaseUrl)
    return fromPgPool(createPgPool(options.databaseUrl, options.poolSize ?? 10));

  const release = lockDataDir(options.dataDir);
  try {
    const dir = path.join(options.dataDir, 'pglite');
    makePrivateFolder(dir);
    const { fromPglite, openPglite } = await import('./pglite.ts');
    return fromPglite(await openPglite(dir), release);
  } catch (error) {
    release();
    throw error;
  }
}
