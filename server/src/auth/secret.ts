import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { makePrivateFolder, PRIVATE_FILE_MODE } from '../lib/private-files.ts';

/**
 * BETTER_AUTH_SECRET when given; otherwise a random secret made once and kept (mode 0600) in
 * DATA_DIR, so a shop started with no configuration keeps its sessions across restarts.
 */
export function loadAuthSecret(given: string | undefined, dataDir: string): string {
  if (given) return given;
  const file = path.join(dataDir, 'auth-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  makePrivateFolder(dataDir);
  const secret = randomBytes(48).toString('base64url');
  try {
    fs.writeFileSync(file, `${secret}\n`, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
    return secret;
  } catch (error) {
    // Another process wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      return fs.readFileSync(file, 'utf8').trim();
    throw error;
  }
}
