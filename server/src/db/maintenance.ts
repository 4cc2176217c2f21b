import type { PGlite } from '@electric-sql/pglite';
import type { Database } from './client.ts';

/** How often the embedded database is vacuumed and analysed while the server runs. */
export const MAINTENANCE_INTERVAL_MS = 6 * 60 * 60 * 1000;

export interface Maintenance {
  /** One pass over every table (what the timer runs); resolves with the tables done. */
  runOnce(): Promise<string[]>;
  /** Stops the timer and waits for a pass under way. */
  stop(): Promise<void>;
}

interface Log {
  info(data: object, message: string): void;
  warn(data: object, message: string): void;
}

/**
 * PGlite runs PostgreSQL in single-user mode, without autovacuum: tables are never vacuumed or
 * analysed by themselves. Rows bulk-loaded or updated since then are checked against the commit
 * log on every read and their pages written back, and the planner has no statistics (issue 7's
 * growth bench: a random later page of 100,000 parts took 1.7-1.9 ms per query before
 * `VACUUM (ANALYZE)`, 0.9-1.0 ms after). This does what autovacuum would: after start-up and
 * every few hours, `VACUUM (ANALYZE)` each table in turn, one statement at a time so requests
 * run in between. PostgreSQL has autovacuum: nothing to do there.
 */
export function startMaintenance(
  database: Database,
  log: Log,
  { intervalMs = MAINTENANCE_INTERVAL_MS, firstDelayMs = 0 } = {},
): Maintenance | null {
  if (database.raw.kind !== 'pglite') return null;
  const client: PGlite = database.raw.client;
  let stopped = false;
  let running: Promise<string[]> | null = null;

  async function pass(): Promise<string[]> {
    const started = performance.now();
    const { rows } = await client.query<{ name: string }>(
      `select format('%I.%I', schemaname, relname) as name
         from pg_stat_user_tables order by schemaname, relname`,
    );
    const done: string[] = [];
    for (const { name } of rows) {
      if (stopped || client.closed) break;
      await client.exec(`vacuum (analyze) ${name}`);
      done.push(name);
    }
    log.info(
      { tables: done.length, ms: Math.round(performance.now() - started) },
      'database maintenance: tables vacuumed and analysed',
    );
    return done;
  }

  function runOnce(): Promise<string[]> {
    running ??= pass()
      .catch((err: unknown) => {
        if (!stopped) log.warn({ err }, 'database maintenance failed; next try at the next pass');
        return [];
      })
      .finally(() => (running = null));
    return running;
  }

  const first = setTimeout(() => void runOnce(), firstDelayMs);
  const timer = setInterval(() => void runOnce(), intervalMs);
  first.unref();
  timer.unref();
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
