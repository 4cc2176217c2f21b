import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { makePrivateFolder } from '../lib/private-files.ts';
import { lockDataDir } from './lock.ts';
import { createStatementCache } from './pglite-statements.ts';

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

export function fromPglite(client: PGlite, release?: () => void): Database {
  // Drizzle's queries keep their statements prepared, in transactions too (decisions 039, 047).
  const statements = createStatementCache(client);
  const driver = {
    query: statements.query,
    transaction: statements.transaction,
  } as unknown as PGlite;
  const db = drizzlePglite({ client: driver, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    raw: { kind: 'pglite', client },
    ping: () => ping(db),
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        release?.();
      }
    },
  };
}

export function fromPgPool(pool: pg.Pool): Database {
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    raw: { kind: 'postgres', pool },
    ping: () => ping(db),
    close: () => pool.end(),
  };
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

/** The PostgreSQL extensions the schema uses, loaded into PGlite (pg_trgm: the search's index). */
export const PGLITE_EXTENSIONS = { pg_trgm };

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
 * The embedded database in `dir` with the shop's settings, without the data folder's lock (the
 * caller holds it): openDatabase below, and a restore opening the folder it is filling.
 */
export function openPglite(dir: string): Promise<PGlite> {
  return PGlite.create({
    dataDir: dir,
    // PostgreSQL's default 128 MB of shared buffers would be most of the process's memory;
    // a shop's catalogue and orders fit in far less, and the OS caches the files besides.
    postgresqlconf: `shared_buffers=${PGLITE_SHARED_BUFFERS}\n`,
    extensions: PGLITE_EXTENSIONS,
  });
}

/**
 * Opens the configured database: PostgreSQL when a URL is given, else the embedded PGlite in
 * `<dataDir>/pglite`, after taking the folder's lock.
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
    return fromPglite(await openPglite(dir), release);
  } catch (error) {
    release();
    throw error;
  }
}
