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
import { createPgPool, fromPglite, fromPgPool, type Database } from '../src/db/client.ts';
import { databaseUrl } from './global-setup.ts';

export type DbKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const DB_KINDS: DbKind[] = inject('postgres') ? ['pglite', 'postgres'] : ['pglite'];

/** A fresh, migrated, empty database of the given kind, copied from the run's template. */
export async function openTestDatabase(kind: DbKind): Promise<Database> {
  if (kind === 'pglite') {
    const dump = fs.readFileSync(inject('pgliteTemplate'));
    const client = await PGlite.create({ loadDataDir: new Blob([dump]) });
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

/** The real buildApp() on a fresh database, with mail going to a temporary outbox. */
export async function buildTestApp(
  kind: DbKind,
  options: { env?: Record<string, string>; deps?: Omit<AppDeps, 'database'> } = {},
): Promise<TestApp> {
  const dataDir = tempDir();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    ...options.env,
  });
  const database = await openTestDatabase(kind);
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
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
