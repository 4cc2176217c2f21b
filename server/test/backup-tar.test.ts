import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, describe, expect, it } from 'vitest';
import {
  extractTar,
  tarArchive,
  TarError,
  type MemberRead,
  type TarEntry,
} from '../src/db/backup/tar.ts';
import { tempDir } from './helpers.ts';

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});
function folder() {
  const dir = tempDir('partsmith-tar-test-');
  folders.push(dir);
  return dir;
}

/** The archive of `entries` read from under `root`. */
function tarStream(root: string, entries: TarEntry[], read?: MemberRead) {
  return Readable.from(
    tarArchive(async (add) => {
      for (const e of entries)
        await add(e, e.type === 'file' ? path.join(root, e.name) : undefined, read);
    }),
  );
}

/** The whole archive of `entries` (from `root`) in memory. */
async function tarBytes(root: string, entries: TarEntry[]) {
  const chunks: Buffer[] = [];
  for await (const chunk of tarStream(root, entries)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('tar', () => {
  it('round-trips files and folders, and refuses names that leave the target', async () => {
    const source = folder();
    fs.mkdirSync(path.join(source, 'a/b'), { recursive: true });
    fs.writeFileSync(path.join(source, 'a/b/one'), randomBytes(70_000));
    fs.writeFileSync(path.join(source, 'empty'), '');
    const entries = [
      { name: 'a', type: 'dir' as const, size: 0, mtime: 0 },
      { name: 'a/b', type: 'dir' as const, size: 0, mtime: 0 },
      { name: 'a/b/one', type: 'file' as const, size: 70_000, mtime: 1 },
      { name: 'empty', type: 'file' as const, size: 0, mtime: 1 },
    ];
    const target = folder();
    await extractTar(tarStream(source, entries), target);
    expect(fs.readFileSync(path.join(target, 'a/b/one'))).toEqual(
      fs.readFileSync(path.join(source, 'a/b/one')),
    );
    expect(fs.statSync(path.join(target, 'empty')).size).toBe(0);
    expect(fs.statSync(path.join(target, 'a/b/one')).mode & 0o777).toBe(0o600);

    const evil = await tarBytes(folder(), [
      { name: '../escaped', type: 'file', size: 0, mtime: 0 },
    ]);
    await expect(extractTar(Readable.from([evil]), folder())).rejects.toBeInstanceOf(TarError);
    // A file that shrank since it was listed is padded with zeros to the size listed.
    const read: MemberRead = { short: false };
    const shrunk = folder();
    await extractTar(
      tarStream(source, [{ name: 'empty', type: 'file', size: 700, mtime: 0 }], read),
      shrunk,
    );
    expect(read.short).toBe(true);
    expect(fs.readFileSync(path.join(shrunk, 'empty'))).toEqual(Buffer.alloc(700));
    // Truncated: a header without its content, and an archive cut between two members.
    const whole = await tarBytes(source, entries);
    const cut = whole.subarray(0, 3 * 512);
    await expect(extractTar(Readable.from([cut]), folder())).rejects.toThrow(/truncated/);
    const between = whole.subarray(0, whole.length - 2 * 512);
    await expect(extractTar(Readable.from([between]), folder())).rejects.toThrow(/truncated/);
    await expect(extractTar(Readable.from([Buffer.alloc(0)]), folder())).rejects.toThrow(
      /truncated/,
    );
    await expect(extractTar(Readable.from([randomBytes(4096)]), folder())).rejects.toBeInstanceOf(
      TarError,
    );
  });

  it('is read by the system tar, with owner-only modes, and reads what it writes', async (ctx) => {
    if (spawnSync('tar', ['--version']).status !== 0) ctx.skip(true, 'no tar command');
    const source = folder();
    fs.mkdirSync(path.join(source, 'base'));
    fs.writeFileSync(path.join(source, 'base/1'), randomBytes(5_000));
    const file = path.join(folder(), 'ours.tar');
    await pipeline(
      tarStream(source, [
        { name: 'base', type: 'dir', size: 0, mtime: 0 },
        { name: 'base/1', type: 'file', size: 5_000, mtime: 1 },
      ]),
      fs.createWriteStream(file),
    );
    const listed = spawnSync('tar', ['-tvf', file], { encoding: 'utf8' });
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(/^drwx------ .* base\/$/m);
    expect(listed.stdout).toMatch(/^-rw------- .* 5000 .* base\/1$/m);

    // One made by tar itself, and a link in it, which is refused.
    const made = path.join(folder(), 'theirs.tar');
    fs.symlinkSync('1', path.join(source, 'base/link'));
    const created = spawnSync('tar', ['-cf', made, '-C', source, 'base'], { encoding: 'utf8' });
    expect(created.status, created.stderr).toBe(0);
    await expect(extractTar(fs.createReadStream(made), folder())).rejects.toThrow(
      /not a regular file or folder \(a symlink\)/,
    );
    fs.rmSync(path.join(source, 'base/link'));
    const plain = path.join(folder(), 'plain.tar');
    spawnSync('tar', ['-cf', plain, '-C', source, 'base']);
    const target = folder();
    await extractTar(fs.createReadStream(plain), target);
    expect(fs.readFileSync(path.join(target, 'base/1'))).toEqual(
      fs.readFileSync(path.join(source, 'base/1')),
    );
  });
});
