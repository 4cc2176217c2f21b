import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPgPool, fromPgPool } from '../src/db/client.ts';
import { fromPglite, PGLITE_EXTENSIONS } from '../src/db/pglite.ts';
import { runMigrations } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a migrated, empty PGlite database: creating one takes seconds, loading it one. */
    pgliteTemplate: string;
    /** Set when TEST_DATABASE_URL names a PostgreSQL server: a migrated template database. */
    postgres: { adminUrl: string; template: string } | null;
  }
}

export function databaseUrl(adminUrl: string, name: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Migrates one template of each database kind once; every test file copies it. */
export default async function setup(project: TestProject) {
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const database = fromPglite(client);
  await runMigrations(database);
  const dump = await client.dumpDataDir('none');
  await database.close();
  const file = path.join(os.tmpdir(), `partsmith-pglite-template-${process.pid}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);

  const adminUrl = process.env.TEST_DATABASE_URL;
  let template: string | null = null;
  if (adminUrl) {
    template = `partsmith_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    await admin.end();
    const tpl = fromPgPool(createPgPool(databaseUrl(adminUrl, template), 2));
    await runMigrations(tpl);
    await tpl.close();
    project.provide('postgres', { adminUrl, template });
  } else {
    project.provide('postgres', null);
  }

  return async () => {
    fs.rmSync(file, { force: true });
    if (adminUrl && template) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like $1`,
        [`partsmith_%_${process.pid}%`],
      );
      for (const row of rows)
        await admin.query(`drop database if exists ${row.datname} with (force)`);
      await admin.end();
    }
  };
}
