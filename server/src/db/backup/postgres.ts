// Backups of a PostgreSQL database: pg_dump's custom-format archive, restored with pg_restore
// (docs/decisions/042).
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import {
  BackupError,
  CREDENTIAL_TABLES,
  EMPTY_CREDENTIALS,
  writeFileAtomically,
  type BackupResult,
  type RestoreResult,
} from './shared.ts';

/**
 * The URL for a libpq tool without its password, which goes in PGPASSWORD instead: a command's
 * arguments are visible to every user of the machine (ps), its environment is not.
 */
function toolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  try {
    const parsed = new URL(url);
    if (parsed.password) {
      const password = decodeURIComponent(parsed.password);
      parsed.password = '';
      return { dbname: parsed.toString(), env: { ...process.env, PGPASSWORD: password } };
    }
  } catch {
    // Not a URL Node parses (several hosts): libpq reads it as given.
  }
  return { dbname: url, env: process.env };
}

/** Runs a PostgreSQL client tool; resolves with what it printed on stderr (its warnings). */
function runTool(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-8000);
    });
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${command} is not installed: backups on PostgreSQL need its client tools ` +
                "(pg_dump and pg_restore, of the server's major version or newer) on the PATH",
            )
          : error,
      ),
    );
    child.once('close', (code, signal) => {
      if (code === 0) resolve(stderr.trim());
      else
        reject(
          new BackupError(`${command} failed (${signal ?? `exit ${code}`}):\n${stderr.trim()}`),
        );
    });
  });
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Tables of the database outside PostgreSQL's own schemas. */
export function postgresTableCount(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p')
          and n.nspname not in ('pg_catalog', 'information_schema')
          and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'`,
    );
    return rows[0]!.n;
  });
}

/**
 * pg_dump's custom-format archive of the database: one snapshot of it (pg_dump reads in a
 * single repeatable-read transaction), taken while the shop runs, without the rows of
 * CREDENTIAL_TABLES.
 */
export async function backupPostgres(
  url: string,
  file: string,
): Promise<BackupResult & { warnings: string }> {
  const { dbname, env } = toolConnection(url);
  let warnings = '';
  const bytes = await writeFileAtomically(file, async (temp) => {
    warnings = await runTool(
      'pg_dump',
      [
        '--format=custom',
        '--no-password',
        ...CREDENTIAL_TABLES.map((table) => `--exclude-table-data=${table}`),
        `--file=${temp}`,
        `--dbname=${dbname}`,
      ],
      env,
    );
  });
  return { file: path.resolve(file), bytes, source: 'pg_dump', warnings };
}

/**
 * Restores a pg_dump archive into the database, which must hold no table: in one transaction
 * (a failure leaves it empty), owned by the URL's user (`--no-owner`, `--no-acl`: the roles of
 * the database it came from need not exist here), then analysed (pg_restore does not carry the
 * planner's statistics over).
 */
export async function restorePostgres(
  url: string,
  file: string,
): Promise<RestoreResult & { warnings: string }> {
  const name = (() => {
    try {
      return decodeURIComponent(new URL(url).pathname.slice(1)) || 'the database';
    } catch {
      return 'the database';
    }
  })();
  const existing = await postgresTableCount(url);
  if (existing > 0)
    throw new BackupError(
      `${name} (DATABASE_URL) already holds ${existing} tables: a restore goes into an empty ` +
        'database. Create a new one (createdb) and point DATABASE_URL at it.',
    );
  const { dbname, env } = toolConnection(url);
  const warnings = await runTool(
    'pg_restore',
    [
      '--no-owner',
      '--no-acl',
      '--exit-on-error',
      '--single-transaction',
      '--no-password',
      `--dbname=${dbname}`,
      file,
    ],
    env,
  );
  await withClient(url, async (client) => {
    // A copy made before they were left out still holds them.
    await client.query(EMPTY_CREDENTIALS);
    await client.query('analyze');
  });
  return { tables: await postgresTableCount(url), target: name, warnings };
}
