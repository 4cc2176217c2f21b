// The embedded database's side of db/client.ts: PGlite, its extensions, its Drizzle driver and
// migrator. Only what runs on PGlite imports this module, and the server loads it with import()
// when it opens an embedded database (openDatabase), so that a shop on PostgreSQL never loads
// PGlite's code (decision 071).
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import * as schema from './schema/index.ts';
import { databaseOf, PGLITE_SHARED_BUFFERS, type Database, type Db } from './client.ts';
import { createStatementCache } from './pglite-statements.ts';

/** The PostgreSQL extensions the schema uses, loaded into PGlite (pg_trgm: the search's index). */
export const PGLITE_EXTENSIONS = { pg_trgm };

export function fromPglite(client: PGlite, release?: () => void): Database {
  // Drizzle's queries keep their statements prepared, in transactions too (decisions 039, 047).
  const statements = createStatementCache(client);
  const driver = {
    query: statements.query,
    transaction: statements.transaction,
  } as unknown as PGlite;
  const db = drizzlePglite({ client: driver, schema, casing: 'snake_case' }) as unknown as Db;
  return databaseOf(db, { kind: 'pglite', client }, async () => {
    try {
      if (!client.closed) await client.close();
    } finally {
      release?.();
    }
  });
}

/**
 * The embedded database in `dir` with the shop's settings, without the data folder's lock (the
 * caller holds it): openDatabase (client.ts), and a restore opening the folder it is filling.
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

/** Applies the migrations in `folder` to an embedded database (runMigrations, migrate.ts). */
export async function migratePglite(client: PGlite, folder: string): Promise<void> {
  await migrate(drizzlePglite({ client }), { migrationsFolder: folder });
}
