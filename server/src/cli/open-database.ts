import { ConfigError, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { DataDirLockedError } from '../db/lock.ts';
import { runMigrations } from '../db/migrate.ts';

/**
 * Opens and migrates the configured database for a command-line tool. On the embedded
 * database, while the running shop holds the folder, it says so and answers null.
 */
export async function openDatabaseForCli(config: Config): Promise<Database | null> {
  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: 2,
    });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      process.stderr.write(
        `${error.message}\nThe shop is running on the embedded database: stop it, run this command, then start it again.\n`,
      );
      return null;
    }
    throw error;
  }
  try {
    await runMigrations(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/** Runs a command's main with the process's arguments and exits with its code (1 on an error). */
export function runCommand(main: (args: string[]) => Promise<number>) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(
        error instanceof ConfigError ? `${error.message}\n` : `${String(error)}\n`,
      );
      process.exit(1);
    },
  );
}
