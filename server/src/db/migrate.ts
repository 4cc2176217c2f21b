import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client.ts';

// Next to this module in development (src/db/migrations) and next to the bundle once built
// (dist/migrations: the build copies them there).
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

// Any constant works; it only has to be the same for every Partsmith instance.
const MIGRATION_LOCK_ID = 4_242_001;

/**
 * Applies the committed migrations. On PostgreSQL an advisory lock makes instances that start
 * together take turns, so each migration runs once.
 */
export async function runMigrations(database: Database, folder = migrationsFolder): Promise<void> {
  if (database.raw.kind === 'pglite') {
    const { migratePglite } = await import('./pglite.ts');
    await migratePglite(database.raw.client, folder);
    return;
  }
  const client = await database.raw.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    // An index on a large table may take longer than the shop's statement time-out.
    await client.query('set statement_timeout = 0');
    await migratePg(drizzlePg({ client }), { migrationsFolder: folder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    client.release();
  }
}
