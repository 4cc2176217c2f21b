import fs from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR holds the database, the auth secret, mail with confirmation and reset links, and
 * uploads: only the shop's own user may read or write any of it.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** What a pass over a folder found: entries looked at, and those whose mode it narrowed. */
export interface PrivateFolderReport {
  checked: number;
  fixed: number;
}

/** Makes `dir` (and its parents, when missing) owner-only. */
export function makePrivateFolder(dir: string) {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/**
 * Takes away group and others' access from `dir` and everything under it, once at start: files
 * made before this version, or by PGlite (which makes its own folders 0755 and files 0666 whatever
 * the umask). One lstat per entry and a chmod only where a mode is wrong, so a large database
 * folder costs milliseconds. Symbolic links are not followed: what they point to is not ours.
 * Files made later by PGlite keep its modes until the next start, but sit in owner-only folders,
 * which others cannot enter.
 */
export function makeFolderPrivate(dir: string): PrivateFolderReport {
  const report: PrivateFolderReport = { checked: 0, fixed: 0 };
  makePrivateFolder(dir);
  const narrow = (file: string, stat: fs.Stats) => {
    report.checked++;
    if ((stat.mode & 0o077) === 0) return;
    try {
      fs.chmodSync(file, stat.mode & 0o700);
      report.fixed++;
    } catch (error) {
      // Gone meanwhile (a temporary file), or not ours to change: the folder above still guards it.
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'EPERM') throw error;
    }
  };
  const walk = (folder: string) => {
    let names: string[];
    try {
      names = fs.readdirSync(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const name of names) {
      const file = path.join(folder, name);
      const stat = fs.lstatSync(file, { throwIfNoEntry: false });
      if (!stat || stat.isSymbolicLink()) continue;
      narrow(file, stat);
      if (stat.isDirectory()) walk(file);
    }
  };
  narrow(dir, fs.statSync(dir));
  walk(dir);
  return report;
}
