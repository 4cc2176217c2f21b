import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobLeases } from '../../db/schema/jobs.ts';

/** This process, as a lease holder: host, process id and a random part (pids are reused). */
export const THIS_PROCESS = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/**
 * Takes the lease of job `name` for `ms` when nobody holds it (or it ran out): answers whether
 * this holder now has it. One statement, so two instances asking at once cannot both win.
 */
export async function takeLease(db: Db, name: string, ms: number, holder = THIS_PROCESS) {
  const result = await db.execute<{ holder: string }>(sql`
    insert into ${jobLeases} (name, holder, expires_at, ran_at)
    values (${name}, ${holder}, now() + make_interval(secs => ${ms / 1000}), now())
    on conflict (name) do update
      set holder = excluded.holder, expires_at = excluded.expires_at, ran_at = excluded.ran_at
      where ${jobLeases.expiresAt} <= now()
    returning holder`);
  return (result as unknown as { rows: { holder: string }[] }).rows.length === 1;
}

/**
 * Runs a periodic job at most once per `intervalMs` over every instance on the database: the
 * instance that takes the lease first runs it, the others skip this round. A run that outlasts
 * its interval may meet the next one; the jobs are safe to overlap (row locks), the lease only
 * keeps them from repeating. Answers the job's result, or `skipped`.
 */
export async function runLeased<T>(
  db: Db,
  name: string,
  intervalMs: number,
  job: () => Promise<T>,
): Promise<T | 'skipped'> {
  // A little short of the interval: the next tick of the same instance finds it free.
  if (!(await takeLease(db, name, intervalMs - Math.min(1_000, intervalMs / 2)))) return 'skipped';
  return job();
}
