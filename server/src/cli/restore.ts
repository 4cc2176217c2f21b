// npm run restore -- <file>
// Brings a backup made by `npm run backup` back: a pg_dump archive into the empty database of
// DATABASE_URL; else a copy of the embedded database into DATA_DIR, which holds none yet
// (docs/decisions/042).
import { loadConfig } from '../config.ts';
import { restorePglite } from '../db/backup/pglite.ts';
import { restorePostgres } from '../db/backup/postgres.ts';
import { BackupError, detectBackupKind } from '../db/backup/shared.ts';
import { DataDirLockedError } from '../db/lock.ts';
import { describeSize, reportFailure, fileArgument } from './backup-output.ts';
import { runCommand } from './open-database.ts';
import fs from 'node:fs';

async function main(argv: string[]): Promise<number> {
  const file = fileArgument(argv, 'restore');
  if (!file) return 2;
  const config = loadConfig();
  const started = performance.now();
  try {
    if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile())
      throw new BackupError(`${file} is not a file`);
    const kind = await detectBackupKind(file);
    if (!kind)
      throw new BackupError(
        `${file} is not a Partsmith backup: neither a copy of the embedded database (a gzipped tar) ` +
          'nor a pg_dump archive in the custom format.',
      );
    let line: string;
    if (config.databaseUrl) {
      if (kind !== 'postgres')
        throw new BackupError(
          `${file} is a copy of the embedded database, but DATABASE_URL is set: this shop runs on ` +
            'PostgreSQL. Unset DATABASE_URL to restore it into DATA_DIR.',
        );
      const restored = await restorePostgres(config.databaseUrl, file);
      if (restored.warnings) process.stderr.write(`${restored.warnings}\n`);
      line = `into ${restored.target} (DATABASE_URL): ${restored.tables} tables`;
    } else {
      if (kind !== 'pglite')
        throw new BackupError(
          `${file} is a pg_dump archive of a PostgreSQL database, but DATABASE_URL is not set: ` +
            'this shop runs on the embedded database. Set DATABASE_URL to an empty database to restore it there.',
        );
      const restored = await restorePglite(config.dataDir, file);
      line = `into ${restored.target}: ${restored.tables} tables`;
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `Restored ${file}, ${describeSize(fs.statSync(file).size)}\n  ${line}, in ${seconds} s\n` +
        '  start the shop with the same configuration to serve it.\n',
    );
    return 0;
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      process.stderr.write(
        `${error.message}\nA restore goes into a data folder no shop is running on.\n`,
      );
      return 1;
    }
    return reportFailure(error, 'restore');
  }
}

runCommand(main);
