import type { PGlite } from '@electric-sql/pglite';
import type { Database } from './client.ts';

/** How often the embedded database's tables are looked at (and vacuumed if they need it). */
export const MAINTENANCE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * How often the tables' changes are compared with autovacuum's analyse rule. A table that grew
 * since it was last analysed keeps the plans made for its old size: the foreign-key check each
 * purchase runs on `orders` (from `order_mails`) stayed a plan for the near-empty table the
 * server started with, and a purchase's statement went from 1.0 to 2.5 ms over 12,000 orders
 * (decision 039).
 */
export const ANALYZE_INTERVAL_MS = 5_000;

/** Parts read by each statement of the warm-up: a few milliseconds each. */
export const WARM_BATCH_ROWS = 2000;

export interface Maintenance {
  /** One pass over the tables that need it (what the timer runs); resolves with the tables done. */
  runOnce(): Promise<string[]>;
  /**
   * Analyses (only) each table autovacuum's analyse rule picks: 50 rows + a tenth of the table
   * changed since its last analyse (what the short timer runs); resolves with the tables done.
   */
  analyzeOnce(): Promise<string[]>;
  /**
   * Reads the listed catalogue, page by page in keyset order, into the database's shared buffers
   * (decision 039), in short statements so that requests arriving meanwhile wait little; resolves
   * with the parts read. A freshly opened database reads each page of the catalogue from its
   * files the first time it is asked for: at 100,000 parts, three or four file reads a page.
   */
  warm(): Promise<number>;
  /** Stops both timers and waits for a pass or a warm-up under way. */
  stop(): Promise<void>;
}

interface Log {
  info(data: object, message: string): void;
  warn(data: object, message: string): void;
}

/**
 * PGlite runs PostgreSQL in single-user mode, without autovacuum: tables are never vacuumed or
 * analysed by themselves. Rows bulk-loaded or updated since then are checked against the commit
 * log on every read and their pages written back, and the planner has no statistics (the bench's
 * growth step: a random later page of 100,000 parts took 1.7-1.9 ms per query before
 * `VACUUM (ANALYZE)`, 0.9-1.0 ms after). This does what autovacuum would: each hour,
 * `VACUUM (ANALYZE)` each table that autovacuum's rule says needs it, one statement at a time.
 * PGlite runs in the server's own thread, so a statement holds the event loop (about 1 s for a
 * table of 100,000 fresh rows): main.ts runs one pass before it listens, so such a pass after an
 * import delays the start instead of holding requests. PostgreSQL has autovacuum: nothing to do.
 */
export function startMaintenance(
  database: Database,
  log: Log,
  { intervalMs = MAINTENANCE_INTERVAL_MS, analyzeIntervalMs = ANALYZE_INTERVAL_MS } = {},
): Maintenance | null {
  if (database.raw.kind !== 'pglite') return null;
  const client: PGlite = database.raw.client;
  let stopped = false;

  /**
   * Runs `statement` on each table `picked` (a query naming them) selects, one at a time, and
   * logs what it did; resolves with the tables done.
   */
  async function overTables(
    picked: string,
    statement: 'vacuum (analyze)' | 'analyze',
    done: string,
  ): Promise<string[]> {
    const started = performance.now();
    const { rows } = await client.query<{ name: string }>(
      `select format('%I.%I', s.schemaname, s.relname) as name
         from pg_stat_user_tables s join pg_class c on c.oid = s.relid
        where ${picked}
        order by s.schemaname, s.relname`,
    );
    const tables: string[] = [];
    for (const { name } of rows) {
      if (stopped || client.closed) break;
      await client.exec(`${statement} ${name}`);
      tables.push(name);
    }
    if (tables.length > 0)
      log.info(
        { tables, ms: Math.round(performance.now() - started) },
        `database maintenance: ${done}`,
      );
    return tables;
  }

  /** `pass` once at a time; a failure is logged and gives no tables. */
  function guarded(pass: () => Promise<string[]>, failed: string) {
    let under: Promise<string[]> | null = null;
    const once = () => {
      under ??= pass()
        .catch((err: unknown) => {
          if (!stopped) log.warn({ err }, failed);
          return [];
        })
        .finally(() => (under = null));
      return under;
    };
    return { once, underWay: () => under };
  }

  // Autovacuum's own rule (50 rows + a fifth of the table inserted, updated or deleted since
  // the last vacuum), and every table never vacuumed or analysed (reltuples -1). PGlite keeps
  // those counters in memory only: after a restart they start from zero, so what changed
  // before it (a bulk import, another process on the folder, a restored copy) would go
  // unseen. The file's size is on disk: a table more than a fifth (and 8 pages) larger than
  // the last vacuum or analyse measured it is done too.
  const vacuums = guarded(
    () =>
      overTables(
        `c.reltuples < 0
           or s.n_ins_since_vacuum + s.n_dead_tup + s.n_mod_since_analyze
              > 50 + 0.2 * greatest(c.reltuples, 0)
           or pg_relation_size(c.oid) / current_setting('block_size')::int
              > 8 + 1.2 * c.relpages`,
        'vacuum (analyze)',
        'tables vacuumed and analysed',
      ),
    'database maintenance failed; next try at the next pass',
  );
  // Autovacuum's analyse rule (autovacuum_analyze_threshold 50, scale factor 0.1). ANALYZE
  // reads a sample of at most 30,000 rows and invalidates the plans made for the table.
  const analyses = guarded(
    () =>
      overTables(
        's.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)',
        'analyze',
        'tables analysed',
      ),
    'analysing the database failed; next try in a moment',
  );
  const runOnce = vacuums.once;
  function analyzeOnce(): Promise<string[]> {
    // A vacuum pass under way analyses too.
    const vacuuming = vacuums.underWay();
    return vacuuming ? vacuuming.then(() => []) : analyses.once();
  }

  async function warmPass(): Promise<number> {
    const started = performance.now();
    let after = -1;
    let read = 0;
    while (!stopped && !client.closed) {
      // The description is not in the index, so each row's page is read too.
      const { rows } = await client.query<{ last: number | null; n: number }>(
        `select max(seq) as last, count(*)::int as n, sum(octet_length(description)) as bytes
           from (select seq, description from parts
                  where deleted_at is null and seq > $1 order by seq limit ${WARM_BATCH_ROWS}) page`,
        [after],
      );
      const batch = rows[0];
      if (!batch || batch.n === 0 || batch.last === null) break;
      read += batch.n;
      after = Number(batch.last);
      await new Promise((resolve) => setImmediate(resolve));
    }
    log.info(
      { parts: read, ms: Math.round(performance.now() - started) },
      'database maintenance: catalogue read into memory',
    );
    return read;
  }
  let warming: Promise<number> | null = null;

  const timer = setInterval(() => void runOnce(), intervalMs);
  timer.unref();
  const analyzeTimer = setInterval(() => void analyzeOnce(), analyzeIntervalMs);
  analyzeTimer.unref();
  return {
    runOnce,
    analyzeOnce,
    warm() {
      warming ??= warmPass().catch((err: unknown) => {
        if (!stopped) log.warn({ err }, 'reading the catalogue into memory failed');
        return 0;
      });
      return warming;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearInterval(analyzeTimer);
      await Promise.all([vacuums.underWay(), analyses.underWay(), warming]);
    },
  };
}
