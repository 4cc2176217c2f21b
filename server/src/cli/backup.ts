// npm run backup -- <file>
// Writes a consistent copy of the configured database to <file>: pg_dump's archive with
// DATABASE_URL; else a gzipped copy of the embedded database in DATA_DIR, made by the shop
// running on it, or by this command when the shop is stopped (docs/decisions/042).
import { loadConfig } from '../config.ts';
import { backupStoppedPglite } from '../db/backup/pglite.ts';
import { backupPostgres } from '../db/backup/postgres.ts';
import { checkDestination, type BackupResult } from '../db/backup/shared.ts';
import { backupFromShop, controlSocketPath } from '../db/backup/socket.ts';
import { DataDirLockedError } from '../db/lock.ts';
import { describeSize, reportFailure, fileArgument } from './backup-output.ts';
import { runCommand } from './open-database.ts';

async function main(argv: string[]): Promise<number> {
  const file = fileArgument(argv, 'backup');
  if (!file) return 2;
  const config = loadConfig();
  const started = performance.now();
  let result: BackupResult;
  try {
    checkDestination(file);
    if (config.databaseUrl) {
      const dumped = await backupPostgres(config.databaseUrl, file);
      if (dumped.warnings) process.stderr.write(`${dumped.warnings}\n`);
      result = dumped;
    } else {
      const fromShop = await backupFromShop(config.dataDir, file);
      result = fromShop ?? (await backupStoppedPglite(config.dataDir, file));
    }
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      process.stderr.write(
        `${error.message}\nThat process does not answer on ${controlSocketPath(config.dataDir)}: ` +
          'restart the shop (a shop of this version makes the copy while it runs), or stop it and run this command again.\n',
      );
      return 1;
    }
    return reportFailure(error, 'backup');
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const what =
    result.source === 'pg_dump'
      ? 'pg_dump archive of DATABASE_URL'
      : `copy of the embedded database in ${config.dataDir}, made by the ${result.source}` +
        `${result.checkpointMs === undefined ? '' : ` (its checkpoint held queries ${Math.round(result.checkpointMs)} ms)`}`;
  process.stdout.write(
    `Backup written: ${result.file}\n  ${describeSize(result.bytes)}, ${what}, in ${seconds} s\n` +
      `  restore with: npm run restore -- ${result.file}\n`,
  );
  return 0;
}

runCommand(main);
