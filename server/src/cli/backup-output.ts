import path from 'node:path';
import { BackupError } from '../db/backup/shared.ts';
import { TarError } from '../db/backup/tar.ts';

/**
 * A path given on the command line, from where the person typed it: npm runs scripts from the
 * package's folder and says where it was started in INIT_CWD.
 */
export function userPath(given: string) {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
}

/**
 * The one argument both commands take, a file, resolved from where the person typed it; null
 * (after printing the usage) when the arguments are not exactly that.
 */
export function fileArgument(argv: string[], command: 'backup' | 'restore'): string | null {
  if (argv.length !== 1 || argv[0]!.startsWith('-')) {
    process.stderr.write(`usage: npm run ${command} -- <file>\n`);
    return null;
  }
  return userPath(argv[0]!);
}

export function describeSize(bytes: number) {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB (${bytes} bytes)`;
}

/** Prints why the command failed: the message of a known failure, else the whole error. */
export function reportFailure(error: unknown, command: 'backup' | 'restore'): number {
  if (error instanceof BackupError || error instanceof TarError) {
    process.stderr.write(`${command} failed: ${error.message}\n`);
    return 1;
  }
  throw error;
}
