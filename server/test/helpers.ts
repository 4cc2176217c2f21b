import type { MailMessage, Mailer } from '../src/mail/mailer.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { createPgPool, fromPgPool, type Database } from '../src/db/client.ts';
import { fromPglite, PGLITE_EXTENSIONS } from '../src/db/pglite.ts';
import { databaseUrl } from './global-setup.ts';
import { RATE_LIMIT_NAMES } from '../src/lib/rate-limit-rules.ts';

export type DbKind = 'pglite' | 'postgres';

/**
 * The database matrix, for files whose behaviour can differ between the two: PGlite always,
 * PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). Locks, concurrent requests, the
 * statements' batches and plans, backups, leases and the pool all differ (one connection in
 * PGlite's process against a pool of them), so every file that touches them runs on both.
 */
export const DB_KINDS: DbKind[] = inject('postgres') ? ['pglite', 'postgres'] : ['pglite'];

/**
 * One database, for files whose behaviour does not depend on which (access rules, validation and
 * fuzzing, headers, documents, the OpenAPI client): PGlite, the shop's default, so that a
 * developer's run and CI's send the same requests to the same shop. On both, they took twice
 * the time for the same answers (docs/testing.md).
 */
export const ONE_DB: DbKind[] = ['pglite'];

/** A fresh, migrated, empty database of the given kind, copied from the run's template. */
export async function openTestDatabase(kind: DbKind): Promise<Database> {
  if (kind === 'pglite') {
    const dump = fs.readFileSync(inject('pgliteTemplate'));
    const client = await PGlite.create({
      loadDataDir: new Blob([dump]),
      extensions: PGLITE_EXTENSIONS,
    });
    return fromPglite(client);
  }
  const pgInfo = inject('postgres');
  if (!pgInfo) throw new Error('TEST_DATABASE_URL is not set');
  const name = `partsmith_t_${pgInfo.template.split('_').pop()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgInfo.adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${pgInfo.template}`);
  await admin.end();
  const database = fromPgPool(createPgPool(databaseUrl(pgInfo.adminUrl, name), 10));
  const close = database.close;
  return {
    ...database,
    async close() {
      await close();
      const dropper = new pg.Client({ connectionString: pgInfo.adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export function tempDir(prefix = 'partsmith-test-') {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** The .eml files the outbox mailer wrote, oldest first, as text. */
  outbox(): string[];
  close(): Promise<void>;
}

/**
 * The limits on free writes lifted, for the suites that prove something else with many writes
 * from one account or address (a hundred purchases at once); the abuse suite
 * (security/abuse.test.ts) runs with the shop's own defaults by passing `SHOP_LIMITS`.
 */
export const NO_LIMITS = {
  MAX_UNPAID_ORDERS: '0',
  MAX_UNPAID_VALUE: '0',
  RATE_LIMITS: RATE_LIMIT_NAMES.map((name) => `${name}=1000000/1s`).join(','),
};

/**
 * A mailer that keeps what the app sends (`sent`), with `mails()` as the sign-up helper reads
 * them (the recipient, then the text).
 */
export function recordingMailer() {
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    target: 'test',
    async send(message) {
      sent.push(message);
    },
    close() {},
  };
  return { sent, mailer, mails: () => sent.map((m) => `To: ${m.to}\n\n${m.text}`) };
}

/**
 * `vi.waitFor`'s options for a mail to go out: the first order mail of an app loads its
 * templates (React, react-email), which takes seconds on a busy machine.
 */
export const MAIL_WAIT = { timeout: 15_000, interval: 50 };

/** The shop's own limits (the defaults), to override NO_LIMITS with. */
export const SHOP_LIMITS = { MAX_UNPAID_ORDERS: '5', MAX_UNPAID_VALUE: '5000', RATE_LIMITS: '' };

/**
 * The real buildApp() on a fresh database, with mail going to a temporary outbox, the limits
 * on free writes lifted unless `env` sets them (SHOP_LIMITS).
 */
export async function buildTestApp(
  kind: DbKind,
  options: { env?: Record<string, string>; deps?: Omit<AppDeps, 'database'> } = {},
): Promise<TestApp> {
  const dataDir = tempDir();
  const database = await openTestDatabase(kind);
  const t = await testAppOn(database, dataDir, options);
  return {
    ...t,
    async close() {
      await t.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The real buildApp() on a given database and data folder (a restore's, a backup's copy), as
 * buildTestApp makes it; closing it closes the database and leaves the folder.
 */
export async function testAppOn(
  database: Database,
  dataDir: string,
  options: { env?: Record<string, string>; deps?: Omit<AppDeps, 'database'> } = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    ...NO_LIMITS,
    ...options.env,
  });
  const app = await buildApp(config, { database, ...options.deps });
  await app.ready();
  return {
    app,
    database,
    config,
    outbox() {
      const dir = path.join(dataDir, 'outbox');
      if (!fs.existsSync(dir)) return [];
      return fs
        .readdirSync(dir)
        .sort()
        .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** A multipart/form-data body with one file, as a browser's upload form sends it. */
export function multipart(bytes: Buffer, filename: string, type: string, field = 'image') {
  const boundary = '----partsmith-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
