import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { openDatabase, type Database, type Db } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { seedDemo } from '../db/seed/seed.ts';
import { makeFolderPrivate } from '../lib/private-files.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    db: Db;
  }
}

/** Where database creation reports what it did: the app's logger, or a plain one in main.ts. */
export type InfoLog = { info(data: object, message: string): void };

export interface DatabaseOptions {
  /** An open, migrated database (tests pass one, and close it themselves). */
  given?: Database;
  /**
   * Creates the embedded database (initdb, migrations, demo seed) in another process when the
   * data folder is new (main.ts), so this one never holds the creation's peak memory; without
   * it (tests), the database is created here, then closed and opened again.
   */
  createApart?: () => Promise<void>;
}

/**
 * The configured database (the embedded PGlite, or PostgreSQL with DATABASE_URL), migrated and
 * seeded, as `app.database` and its Drizzle handle `app.db`; closed last, when the app closes.
 */
export const database = fp(async function database(app: FastifyInstance, options: DatabaseOptions) {
  const opened =
    options.given ?? (await openConfiguredDatabase(app.config, app.log, options.createApart));
  // Once the database is open (PGlite may just have made its folder, with modes of its own):
  // nothing in DATA_DIR is for other users of the machine.
  const privacy = makeFolderPrivate(app.config.dataDir);
  if (privacy.fixed > 0) app.log.info(privacy, 'data folder: took away access by other users');
  app.decorate('database', opened);
  app.decorate('db', opened.db);
  if (!options.given) app.addHook('onClose', () => opened.close());
});

const openConfigured = (config: Config) =>
  openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });

/** Brings the database's schema up to date and, when asked, seeds the demo catalogue. */
async function migrateAndSeed(database: Database, config: Config, log: InfoLog) {
  await runMigrations(database);
  if (config.seedDemo) {
    const seeded = await seedDemo(database.db);
    if (seeded.parts > 0) log.info(seeded, 'seeded the demo catalogue into the empty shop');
  }
}

/**
 * The work of the process main.ts starts for a new data folder: creates the embedded database,
 * migrates and seeds it, and closes it.
 */
export async function createDatabase(config: Config, log: InfoLog): Promise<void> {
  const created = await openConfigured(config);
  try {
    await migrateAndSeed(created, config, log);
  } finally {
    await created.close();
  }
}

/**
 * A closed PGlite's WebAssembly memory is freed only when V8 collects it, which an idle server
 * may not do for hours: one full collection now gives the creation's peak back to the system.
 */
function releaseClosedMemory() {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as (() => void) | undefined;
  gc?.();
}

async function openConfiguredDatabase(
  config: Config,
  log: InfoLog,
  createApart?: () => Promise<void>,
): Promise<Database> {
  // The embedded database's first creation (initdb, migrations, seed) peaks at several hundred
  // MB that PGlite keeps once grown (and the process's allocator keeps after that): it is made
  // by another process when main.ts offers one, else here, then closed and opened again.
  let creating =
    !config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION'));
  if (creating && createApart) {
    await createApart();
    log.info({ dataDir: config.dataDir }, 'created the embedded database in a separate process');
    creating = false;
  }
  let opened = await openConfigured(config);
  try {
    await migrateAndSeed(opened, config, log);
  } catch (error) {
    await opened.close();
    throw error;
  }
  if (creating) {
    await opened.close();
    releaseClosedMemory();
    opened = await openConfigured(config);
    log.info({ dataDir: config.dataDir }, 'created the embedded database and opened it again');
  }
  return opened;
}
