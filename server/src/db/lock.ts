import fs from 'node:fs';
import path from 'node:path';
import { makePrivateFolder } from '../lib/private-files.ts';

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The data folder ${dir} is in use by another Partsmith process (pid ${pid}). ` +
        'The embedded database serves one process only: stop that process first, ' +
        'or set DATABASE_URL to run several instances on PostgreSQL.',
    );
    this.name = 'DataDirLockedError';
  }
}

/** Folders this process holds, so a second open in the same process is refused too. */
const heldHere = new Set<string>();

function isAlive(pid: number, dir: string): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  // Our own pid in the file: ours if we took it; else left by an earlier process that had our
  // pid (a container restarts with the same pids), so stale.
  if (pid === process.pid) return heldHere.has(dir);
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A recycled pid (after a reboot or in a container) that is not a Node process is not ours.
  try {
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return /node|tsx|vitest/.test(cmdline);
  } catch {
    return true;
  }
}

function readPid(file: string): number {
  try {
    return Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
  } catch {
    return Number.NaN;
  }
}

/**
 * Takes the embedded database's data folder for this process. PGlite is one process per
 * folder: a second one writing to it loses data silently, so a second server refuses to start.
 * The lock is a pid file made with O_EXCL; a lock whose process is gone (kill -9, power cut) is
 * taken over. Returns the release function.
 */
export function lockDataDir(folder: string): () => void {
  const dir = path.resolve(folder);
  makePrivateFolder(dir);
  const lockFile = path.join(dir, 'partsmith.lock');
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = fs.openSync(lockFile, 'wx', 0o600);
      fs.writeSync(fd, `${process.pid}\n`);
      fs.closeSync(fd);
      heldHere.add(dir);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        heldHere.delete(dir);
        if (readPid(lockFile) === process.pid) fs.rmSync(lockFile, { force: true });
      };
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readPid(lockFile);
    if (isAlive(holder, dir)) throw new DataDirLockedError(dir, holder);
    // Stale: move it aside atomically. Only one contender can rename a given file; if what we
    // moved is not the stale lock we judged (someone took over meanwhile), put it back.
    const aside = `${lockFile}.stale-${process.pid}`;
    try {
      fs.renameSync(lockFile, aside);
    } catch {
      continue;
    }
    const moved = readPid(aside);
    if (moved !== holder && isAlive(moved, dir)) {
      try {
        fs.linkSync(aside, lockFile);
      } finally {
        fs.rmSync(aside, { force: true });
      }
      throw new DataDirLockedError(dir, moved);
    }
    fs.rmSync(aside, { force: true });
  }
  throw new Error(`Could not take the lock on ${dir}; another process keeps taking it.`);
}
