import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { verifySignedToken } from '../../src/auth/session-lookup.ts';
import { loadConfig } from '../../src/config.ts';
import { backupPgliteTo, restorePglite } from '../../src/db/backup/pglite.ts';
import { backupPostgres, restorePostgres } from '../../src/db/backup/postgres.ts';
import { CREDENTIAL_TABLES } from '../../src/db/backup/shared.ts';
import { createPgPool, fromPgPool, openDatabase, type Database } from '../../src/db/client.ts';
import { runMigrations } from '../../src/db/migrate.ts';
import { decodeMail } from '../../../scripts/mail-links.mjs';
import { cookieOf, signUp } from '../auth-helpers.ts';
import { databaseUrl } from '../global-setup.ts';
import { DB_KINDS, multipart, NO_LIMITS, tempDir, testAppOn, type TestApp } from '../helpers.ts';

const SECRET = 'a-test-secret-that-is-long-enough-for-better-auth-0123456789';
const PASSWORD = 'long enough 123';
const postgres = inject('postgres');

const folders: string[] = [];
const databases: string[] = [];
afterAll(async () => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
  if (!postgres || databases.length === 0) return;
  const admin = new pg.Client({ connectionString: postgres.adminUrl });
  await admin.connect();
  for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});
function folder() {
  const dir = tempDir('partsmith-hostile-');
  folders.push(dir);
  return dir;
}
async function newPostgresDatabase(template: string | null) {
  const name = `partsmith_h_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgres!.adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  databases.push(name);
  return databaseUrl(postgres!.adminUrl, name);
}

/** A shop on `database` with its data folder and a fixed secret (the same after a restore). */
const shopOn = (database: Database, dataDir = folder()) =>
  testAppOn(database, dataDir, { env: { BETTER_AUTH_SECRET: SECRET } });

/** A fresh database of `kind` the backup code can copy: PGlite in a folder, or its own PostgreSQL. */
async function copyableDatabase(kind: string) {
  if (kind === 'pglite') {
    const dataDir = folder();
    const database = await openDatabase({ dataDir });
    await runMigrations(database);
    return { database, dataDir, url: null };
  }
  const url = await newPostgresDatabase(postgres!.template);
  return { database: fromPgPool(createPgPool(url, 4)), dataDir: folder(), url };
}

/** A confirmed customer's cookie, their Bearer token from PUT /api/user, and a pending reset link's token. */
async function customerWithCredentials(t: TestApp, email: string) {
  const { cookie } = await signUp(t, { email, password: PASSWORD });
  const issued = await t.app.inject({
    method: 'PUT',
    url: `/api/user/${email}`,
    headers: { cookie },
  });
  expect(issued.statusCode).toBe(200);
  const signed = issued.json<{ token: string }>().token;
  const bare = verifySignedToken(signed, SECRET);
  expect(bare, 'PUT /api/user answers the signed value').toEqual(expect.any(String));
  const reset = await t.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    payload: { email, redirectTo: '/reset-password' },
    headers: { origin: t.config.publicUrl },
  });
  expect(reset.statusCode).toBe(200);
  // Decoded first: quoted-printable breaks a long line with '=', which would cut the token short.
  const mails = t.outbox().map(decodeMail).join('\n');
  const resetToken = /reset-password\/([A-Za-z0-9_-]+)/.exec(mails)?.[1];
  expect(resetToken?.length, 'the whole reset token').toBeGreaterThanOrEqual(20);
  return { cookie, signed, bare: bare!, resetToken: resetToken! };
}

const countOf = async (database: Database, table: string) =>
  Number(
    (
      (await database.db.execute(sql.raw(`select count(*)::int as n from "${table}"`))) as {
        rows: { n: number }[];
      }
    ).rows[0]!.n,
  );

describe.each(DB_KINDS)('hostile: stolen credentials on %s', (kind) => {
  const figure = (text: string) => console.log(`[hostile ${kind}] ${text}`);

  it('refuses a bare session token as Bearer; the signed value works', async () => {
    const { database } = await copyableDatabase(kind);
    const t = await shopOn(database);
    try {
      const email = 'bearer@example.com';
      const { signed, bare } = await customerWithCredentials(t, email);
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email, password: PASSWORD },
        headers: { origin: t.config.publicUrl },
      });
      const headerToken = String(signIn.headers['set-auth-token']);
      const asked = async (authorization: string) => {
        const own = await t.app.inject({
          url: `/api/admin/${email}`,
          headers: { authorization },
        });
        const session = await t.app.inject({
          url: '/api/auth/get-session',
          headers: { authorization },
        });
        return [own.statusCode, session.json() === null ? 'none' : 'session'];
      };
      const results = {
        bare: await asked(`Bearer ${bare}`),
        bodyToken: await asked(`Bearer ${signIn.json<{ token: string }>().token}`),
        signed: await asked(`Bearer ${signed}`),
        setAuthToken: await asked(`Bearer ${headerToken}`),
      };
      expect(results).toEqual({
        bare: [401, 'none'],
        bodyToken: [401, 'none'],
        signed: [200, 'session'],
        setAuthToken: [200, 'session'],
      });
      figure(
        `bare token as Bearer: ${results.bare[0]} (get-session: ${results.bare[1]}); ` +
          `signed value: ${results.signed[0]}`,
      );
    } finally {
      await t.close();
    }
  }, 120_000);

  it('keeps credentials out of a backup (or useless in it), and a restore signs no one in', async () => {
    const { database, url } = await copyableDatabase(kind);
    const t = await shopOn(database);
    const file = path.join(folder(), kind === 'pglite' ? 'shop.tar.gz' : 'shop.dump');
    let creds: Awaited<ReturnType<typeof customerWithCredentials>>;
    try {
      creds = await customerWithCredentials(t, 'copied@example.com');
      const before = Object.fromEntries(
        await Promise.all(CREDENTIAL_TABLES.map(async (n) => [n, await countOf(database, n)])),
      );
      expect(before.sessions).toBeGreaterThan(0);
      expect(before.verifications).toBeGreaterThan(0);
      expect(before.rate_limits).toBeGreaterThan(0);

      let text: string;
      if (database.raw.kind === 'pglite') {
        await backupPgliteTo(database.raw.client, file);
        // A copy of the files: the rows are in it, so none may be usable on its own.
        text = zlib.gunzipSync(fs.readFileSync(file)).toString('latin1');
      } else {
        await backupPostgres(url!, file);
        const script = spawnSync('pg_restore', ['--file=-', file], { encoding: 'latin1' });
        expect(script.status).toBe(0);
        text = script.stdout;
        for (const table of CREDENTIAL_TABLES)
          expect(text, `${table}'s rows are left out`).not.toMatch(
            new RegExp(`^COPY public\\.${table} `, 'm'),
          );
        expect(text).not.toContain(creds.bare);
      }
      expect(text, "a reset link's token is kept hashed").not.toContain(creds.resetToken);
      // What a thief could read from the copy, tried against the running shop.
      const stolen = await t.app.inject({
        url: '/api/admin/copied@example.com',
        headers: { authorization: `Bearer ${creds.bare}` },
      });
      // The reset link's row, as the copy holds it: its identifier is a hash, no token.
      const identifiers = (
        (await database.db.execute(sql`select identifier from verifications`)) as {
          rows: { identifier: string }[];
        }
      ).rows.map((r) => r.identifier);
      expect(identifiers.some((i) => i.includes(creds.resetToken))).toBe(false);
      const stored = identifiers.at(-1)!;
      const resetWithCopy = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { newPassword: 'taken over 12345', token: stored.split(':').at(-1) },
        headers: { origin: t.config.publicUrl },
      });
      expect(stolen.statusCode).toBe(401);
      expect(resetWithCopy.statusCode).toBe(400);
      figure(
        `backup ${fs.statSync(file).size} bytes: session token ${text.includes(creds.bare) ? 'present but unsigned (401 as Bearer)' : 'absent'}, ` +
          `reset token absent, ${CREDENTIAL_TABLES.join('/')} rows before: ${Object.values(before).join('/')}`,
      );
    } finally {
      await t.close();
    }

    // The restore: a working shop, with no session, link or counter from the copy.
    let restored: Database;
    const dataDir = folder();
    if (kind === 'pglite') {
      await restorePglite(dataDir, file);
      restored = await openDatabase({ dataDir });
    } else {
      const target = await newPostgresDatabase(null);
      await restorePostgres(target, file);
      restored = fromPgPool(createPgPool(target, 4));
    }
    const after = await shopOn(restored, dataDir);
    try {
      const left = await Promise.all(CREDENTIAL_TABLES.map((n) => countOf(restored, n)));
      expect(left).toEqual([0, 0, 0]);
      const withCookie = await after.app.inject({
        url: '/api/admin/copied@example.com',
        headers: { cookie: creds!.cookie },
      });
      const withToken = await after.app.inject({
        url: '/api/admin/copied@example.com',
        headers: { authorization: `Bearer ${creds!.signed}` },
      });
      expect([withCookie.statusCode, withToken.statusCode]).toEqual([401, 401]);
      // The shop works: its customer signs in again.
      const again = await after.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: 'copied@example.com', password: PASSWORD },
        headers: { origin: after.config.publicUrl },
      });
      expect(again.statusCode).toBe(200);
      const mine = await after.app.inject({
        url: '/api/admin/copied@example.com',
        headers: { cookie: cookieOf(again) },
      });
      expect(mine.statusCode).toBe(200);
      figure(
        `restored: ${left.join('/')} session/verification/rate-limit rows; old cookie ${withCookie.statusCode}, ` +
          `old token ${withToken.statusCode}; sign-in again ${again.statusCode}`,
      );
    } finally {
      await after.close();
    }
  }, 180_000);
});

/** Group or others may read, write or enter it. */
const open = (mode: number) => (mode & 0o077) !== 0;

describe('hostile: other local users and the data folder', () => {
  it('leaves nothing in DATA_DIR to other users after start-up, a sign-up and an upload', async () => {
    const dataDir = folder();
    // Made by an earlier version with the default umask.
    const oldFolder = path.join(dataDir, 'outbox');
    fs.mkdirSync(oldFolder, { mode: 0o755 });
    fs.chmodSync(oldFolder, 0o755);
    const oldFile = path.join(oldFolder, 'old.eml');
    fs.writeFileSync(oldFile, 'a reset link', { mode: 0o644 });
    fs.chmodSync(dataDir, 0o755);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(dataDir, 'no-web-build'),
      SEED_DEMO: 'false',
      ...NO_LIMITS,
    });
    // The real start: the database plugin opens (and here creates) PGlite in DATA_DIR.
    const app = await buildApp(config);
    try {
      await app.ready();
      const mode = (file: string) => fs.statSync(file).mode & 0o777;
      expect([mode(dataDir), mode(oldFolder), mode(oldFile)]).toEqual([0o700, 0o700, 0o600]);

      const t = { app, config, outbox: () => [] as string[] } as unknown as TestApp;
      const mails = () =>
        fs
          .readdirSync(path.join(dataDir, 'outbox'))
          .map((f) => fs.readFileSync(path.join(dataDir, 'outbox', f), 'utf8'));
      const { cookie } = await signUp(t, { email: 'local@example.com', mails });
      const png = await sharp({
        create: { width: 32, height: 32, channels: 3, background: '#334155' },
      })
        .png()
        .toBuffer();
      const { payload, contentType } = multipart(png, 'a.png', 'image/png');
      const uploaded = await app.inject({
        method: 'POST',
        url: '/api/upload',
        headers: { cookie, 'content-type': contentType },
        payload,
      });
      expect(uploaded.statusCode).toBe(200);

      let checked = 0;
      const reachable: string[] = [];
      const walk = (dir: string) => {
        for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
          const file = path.join(dir, entry.name);
          const stat = fs.lstatSync(file);
          checked++;
          if (open(stat.mode))
            reachable.push(`${path.relative(dataDir, file)} ${(stat.mode & 0o777).toString(8)}`);
          if (entry.isDirectory()) walk(file);
        }
      };
      walk(dataDir);
      expect(fs.readdirSync(path.join(dataDir, 'outbox')).length).toBeGreaterThan(1);
      expect(fs.readdirSync(config.uploadsDir).length).toBeGreaterThan(0);
      expect(reachable).toEqual([]);
      console.log(
        `[hostile pglite] DATA_DIR after start-up, a sign-up and an upload: ${checked} files and ` +
          `folders checked, ${reachable.length} open to group or others`,
      );
    } finally {
      await app.close();
    }
  }, 240_000);
});
