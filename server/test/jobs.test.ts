import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { jobLeases } from '../src/db/schema/index.ts';
import { runLeased, takeLease } from '../src/modules/jobs/lease.ts';
import { DB_KINDS, openTestDatabase } from './helpers.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Periodic jobs (the unpaid-order sweep, the housekeeping) run under a lease in job_leases. */
describe.each(DB_KINDS)('job leases on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  it('of 10 instances asking at once, one takes the lease', async () => {
    const won = await Promise.all(
      Array.from({ length: 10 }, (_, i) => takeLease(database.db, 'race', 60_000, `instance-${i}`)),
    );
    expect(won.filter(Boolean)).toHaveLength(1);
    const [row] = await database.db.select().from(jobLeases).where(eq(jobLeases.name, 'race'));
    expect(row!.holder).toBe(`instance-${won.indexOf(true)}`);
  });

  it('a lease outlives its holder: a restarted instance waits for it to run out, then takes it', async () => {
    expect(await takeLease(database.db, 'hourly', 1_500, 'before-the-restart')).toBe(true);
    expect(await takeLease(database.db, 'hourly', 1_500, 'after-the-restart')).toBe(false);
    expect(await takeLease(database.db, 'hourly', 1_500, 'before-the-restart')).toBe(false);
    await sleep(1_600);
    expect(await takeLease(database.db, 'hourly', 1_500, 'after-the-restart')).toBe(true);
  });

  it('runs a job once per interval however many ticks ask for it', async () => {
    let runs = 0;
    const tick = () => runLeased(database.db, 'sweep', 60_000, async () => ++runs);
    const answers = await Promise.all([tick(), tick(), tick(), tick()]);
    expect(runs).toBe(1);
    expect(answers.filter((a) => a === 'skipped')).toHaveLength(3);
    expect(await tick()).toBe('skipped');
  });
});
