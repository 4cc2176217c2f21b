import { spawn } from 'node:child_process';
import { buildApp, createDatabase } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/lock.ts';
import { startMaintenance, type Maintenance } from './db/maintenance.ts';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../node-flags.mjs';

const SHUTDOWN_GRACE_MS = 10_000;

/** Set for the process that creates a new embedded database (createDatabaseApart below). */
const CREATE_DATABASE_ENV = 'PARTSMITH_CREATE_DATABASE';

/**
 * Creates the embedded database of a new data folder in a second run of this same program, so
 * that the server's own process never holds creation's peak memory (its idle memory is a goal,
 * docs/performance.md). The child takes the folder's lock, creates, migrates, seeds and exits;
 * the server opens the folder after it.
 */
function createDatabaseApart(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
      env: { ...process.env, [CREATE_DATABASE_ENV]: '1' },
      stdio: 'inherit',
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`creating the embedded database failed (exit ${code ?? signal})`));
    });
  });
}

async function main() {
  const config = loadConfig();
  if (process.env[CREATE_DATABASE_ENV] === '1') {
    await createDatabase(config, {
      info: (data, message) => process.stdout.write(`${message} ${JSON.stringify(data)}\n`),
    });
    return;
  }
  const app = await buildApp(config, { createDatabaseApart });

  let closing = false;
  let maintenance: Maintenance | null = null;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing open requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // A vacuum under way finishes first: the database closes with the app.
    Promise.resolve(maintenance?.stop())
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'error while shutting down');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  // The embedded database has no autovacuum: the tables that need it are vacuumed and analysed
  // before the server listens (a database opened after an import), then each hour.
  maintenance = startMaintenance(app.database, app.log);
  await maintenance?.runOnce();
  await app.listen({ port: config.port, host: config.host });
  // Then the catalogue is read into memory in the background (decision 039).
  void maintenance?.warm();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl.includes(`:${config.port}`)
    ? config.publicUrl.replace(`:${config.port}`, `:${port}`)
    : config.publicUrl;
  const database = config.databaseUrl ? 'PostgreSQL' : `embedded (${config.dataDir})`;
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  const missing = [
    ...SERVER_NODE_FLAGS.filter((flag) => !given.includes(flag)),
    ...Object.entries(SERVER_ENV)
      .filter(([name, value]) => process.env[name] !== value)
      .map(([name, value]) => `${name}=${value}`),
  ];
  if (missing.length > 0) {
    app.log.warn(
      { missing },
      `started without ${missing.join(' ')}: memory use is higher (npm run serve passes it)`,
    );
  }
  process.stdout.write(
    `\nPartsmith is running at ${url} (started in ${Math.round(process.uptime() * 1000)} ms)\n  database: ${database}\n  mail: ${app.mailer.target}\n\n`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Partsmith could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
