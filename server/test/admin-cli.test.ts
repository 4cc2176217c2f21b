import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { users } from '../src/db/schema/index.ts';
import { LastAdminError, setRoleByEmail } from '../src/modules/users/service.ts';
import { DB_KINDS, openTestDatabase, tempDir } from './helpers.ts';

const cli = fileURLToPath(new URL('../src/cli/admin.ts', import.meta.url));
const tsx = path.resolve(fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url)));

function runCli(dataDir: string, ...args: string[]) {
  return spawnSync(tsx, [cli, ...args], {
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    timeout: 60_000,
  });
}

describe('npm run admin on the embedded database', () => {
  it('grants and revokes the role, and stops with a clear message while the shop holds the folder', async () => {
    const dataDir = tempDir();
    let database = await openDatabase({ dataDir });
    await runMigrations(database);
    await database.db.insert(users).values([
      { name: 'Owner', email: 'owner@example.com', role: 'admin' },
      { name: 'Clerk', email: 'clerk@example.com' },
    ]);

    // The "running shop" holds the lock: the command refuses and says what to do.
    const refused = runCli(dataDir, 'grant', 'clerk@example.com');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('stop it, run this command, then start it again');
    await database.close();

    const granted = runCli(dataDir, 'grant', 'Clerk@Example.com');
    expect(granted.stderr).toBe('');
    expect(granted.stdout).toContain('clerk@example.com is now an administrator');
    expect(runCli(dataDir, 'list').stdout.split('\n').filter(Boolean).sort()).toEqual([
      'clerk@example.com',
      'owner@example.com',
    ]);
    expect(runCli(dataDir, 'revoke', 'owner@example.com').stdout).toContain('is now a customer');
    const last = runCli(dataDir, 'revoke', 'clerk@example.com');
    expect(last.status).toBe(1);
    expect(last.stderr).toContain('last administrator');
    expect(runCli(dataDir, 'grant', 'nobody@example.com').stderr).toContain('must sign up first');
    expect(runCli(dataDir, 'promote').status).toBe(2);

    database = await openDatabase({ dataDir });
    const rows = await database.db.select({ email: users.email, role: users.role }).from(users);
    expect(rows.sort((a, b) => a.email.localeCompare(b.email))).toEqual([
      { email: 'clerk@example.com', role: 'admin' },
      { email: 'owner@example.com', role: 'customer' },
    ]);
    await database.close();
  }, 120_000);
});

describe.each(DB_KINDS)('role rules on %s', (kind) => {
  it('never leaves the shop without an administrator', async () => {
    const database = await openTestDatabase(kind);
    try {
      await database.db
        .insert(users)
        .values({ name: 'Only', email: 'only@example.com', role: 'admin' });
      await expect(
        setRoleByEmail(database.db, 'only@example.com', 'customer'),
      ).rejects.toBeInstanceOf(LastAdminError);
      const [row] = await database.db
        .select()
        .from(users)
        .where(eq(users.email, 'only@example.com'));
      expect(row!.role).toBe('admin');
    } finally {
      await database.close();
    }
  });
});
