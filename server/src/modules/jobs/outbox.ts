import { performance } from 'node:perf_hooks';
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { MailMessage, Mailer } from '../../mail/mailer.ts';

/** A claimed mail comes back to the queue after this if its sender died before settling it. */
const CLAIM_SECONDS = 300;
/** Retries after a failure: 30 s, 1 min, 2 min, ... at most 1 h. */
const RETRY_BASE_SECONDS = 30;
const RETRY_MAX_SECONDS = 3600;
/** Event-loop utilisation above which a sender with a `busy` batch only trickles. */
const BUSY = 0.8;
/** Attempts before a mail is set aside as failed, unless MAIL_MAX_ATTEMPTS says otherwise. */
export const DEFAULT_MAX_ATTEMPTS = 5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An outbox table: the module's own rows, each with these columns besides what its mail needs
 * (the sender takes the table from its module, so no module reads another's schema).
 */
export type OutboxTable = PgTable & {
  id: PgColumn;
  dueAt: PgColumn;
  attempts: PgColumn;
  lastError: PgColumn;
  /** Set when the mail was set aside after its last attempt: never claimed again, kept to see. */
  failedAt: PgColumn;
};

/** What a sender tells the metrics: a mail sent, a failed attempt, a mail set aside for good. */
export interface OutboxCounts {
  sent(): void;
  failed(): void;
  setAside?(): void;
}

/** A claimed row: its id and how often it was taken, plus the columns the caller asked for. */
export interface OutboxJob {
  id: number;
  attempts: number;
}

export interface OutboxSender {
  /** A statement committed a mail: send it soon. */
  poke(): void;
  /** Sends every mail that is due now (tests; also what a poke ends in). */
  drain(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Sends the mails a module left in its outbox table, off the request path (decisions 037, 043).
 * A pass claims a batch with `for update skip locked` (due_at moves on, so another instance skips
 * it and a crash only delays it), sends each mail and deletes the sent ones; a failure is logged
 * and retried later with a growing pause, until its `maxAttempts`-th: then the mail is set aside
 * (failed_at, logged as an error, counted), so a mail that always fails never holds the queue or
 * the start-up of an instance. With a `busy` batch, while the event loop is busy with
 * requests the sender takes a few mails at a time and pauses; when there is room it drains.
 */
export function createOutboxSender<Job extends OutboxJob, Batch>(deps: {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  table: OutboxTable;
  /** The columns a job needs besides id and attempts, as in `returning` (`order_id`). */
  returning: SQL;
  /** Reads what a claimed batch needs, in one go (the orders of the mails, the admins). */
  load(jobs: Job[]): Promise<Batch>;
  /** The mail of a job, or null when there is none to send any more (the job is deleted). */
  mail(job: Job, batch: Batch): MailMessage | null | Promise<MailMessage | null>;
  /** What the failure log says of a job (`{ orderId }`), besides its attempts. */
  logFields(job: Job): Record<string, unknown>;
  /** For the logs: `order confirmation mail`, and the sender's own name `order mail`. */
  names: { mail: string; sender: string };
  /** How often the queue is looked at without a poke (retries, mails of a crashed instance). */
  pollMs: number;
  /** A poke waits this long, so one pass takes the mails of many statements. */
  pokeDelayMs: number;
  /** Mails taken by a pass; `busy` (and a pause after it) while requests wait, if given. */
  batch: { idle: number; busy?: { size: number; pauseMs: number } };
  /** Attempts before a mail is set aside as failed (MAIL_MAX_ATTEMPTS). */
  maxAttempts?: number;
  /** Told of each mail sent, each failed attempt and each mail set aside (for the metrics). */
  counted?: OutboxCounts;
}): OutboxSender {
  const { db, mailer, log, table } = deps;
  const maxAttempts = deps.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;
  let loop = performance.eventLoopUtilization();

  /** The share of the last stretch the event loop was busy. */
  function busy() {
    const now = performance.eventLoopUtilization();
    const share = performance.eventLoopUtilization(now, loop).utilization;
    loop = now;
    return share > BUSY;
  }

  async function claim(limit: number): Promise<Job[]> {
    const result = await db.execute(sql`
      update ${table}
      set due_at = now() + make_interval(secs => ${CLAIM_SECONDS}), attempts = attempts + 1
      where id in (select id from ${table} where due_at <= now() and failed_at is null
                   order by due_at, id limit ${limit} for update skip locked)
      returning id, attempts, ${deps.returning}`);
    // bigint ids may come back as text, depending on the driver.
    return (result as unknown as { rows: Job[] }).rows.map((r) => ({
      ...r,
      id: Number(r.id),
      attempts: Number(r.attempts),
    }));
  }

  const errorText = (err: unknown) => String((err as Error)?.message ?? err).slice(0, 500);

  /** Marks a job failed for good: kept with its error for an admin, never claimed again. */
  async function setAside(job: Job, err: unknown) {
    deps.counted?.setAside?.();
    log.error(
      { err, ...deps.logFields(job), attempts: job.attempts, maxAttempts },
      `gave up on the ${deps.names.mail} after ${job.attempts} attempts; it is kept as failed`,
    );
    await db.execute(sql`
      update ${table} set failed_at = now(), last_error = ${errorText(err)} where id = ${job.id}`);
  }

  async function pass(limit: number): Promise<number> {
    const jobs = await claim(limit);
    if (jobs.length === 0) return 0;
    const batch = await deps.load(jobs);
    const sent: number[] = [];
    for (const job of jobs) {
      // Claimed more often than allowed, never settled: its sender died with it each time (a
      // crash, a restart). It is not tried again, lest it take the next instance down too.
      if (job.attempts > maxAttempts) {
        await setAside(job, new Error(`its sender stopped during each of ${maxAttempts} attempts`));
        continue;
      }
      try {
        const message = await deps.mail(job, batch);
        if (message) {
          await mailer.send(message);
          deps.counted?.sent();
        }
        sent.push(job.id);
      } catch (err) {
        deps.counted?.failed();
        if (job.attempts >= maxAttempts) {
          await setAside(job, err);
          continue;
        }
        const retry = Math.min(RETRY_MAX_SECONDS, RETRY_BASE_SECONDS * 2 ** (job.attempts - 1));
        log.error(
          { err, ...deps.logFields(job), attempts: job.attempts, retryInSeconds: retry },
          `could not send the ${deps.names.mail}; it stays queued`,
        );
        await db.execute(sql`
          update ${table}
          set due_at = now() + make_interval(secs => ${retry}),
              last_error = ${errorText(err)}
          where id = ${job.id}`);
      }
    }
    if (sent.length > 0) {
      // `= any($1)` with one array parameter, not `in ($1, ..., $n)`: one statement text whatever
      // the batch's size, so the prepared-statement cache (decision 039) holds one, not fifty.
      await db.delete(table).where(sql`${table.id} = any(${sql.param(sent)})`);
    }
    return jobs.length;
  }

  async function drainLoop() {
    const { idle, busy: whenBusy } = deps.batch;
    for (;;) {
      if (closed) return;
      const slow = whenBusy !== undefined && busy();
      const limit = slow ? whenBusy.size : idle;
      const taken = await pass(limit);
      if (taken === limit) {
        // More is due: go on at once when there is room, after a pause while requests wait.
        if (slow) await sleep(whenBusy.pauseMs);
        else await new Promise((resolve) => setImmediate(resolve));
        continue;
      }
      if (!again) return;
      // Statements came in meanwhile: take their mails together in a moment.
      again = false;
      await sleep(deps.pokeDelayMs);
    }
  }

  function drain(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = drainLoop()
      .catch((err: unknown) =>
        log.error({ err }, `the ${deps.names.sender} sender failed; it tries again`),
      )
      .finally(() => {
        running = null;
      });
    return running;
  }

  const poll = setInterval(() => void drain(), deps.pollMs);
  poll.unref();

  return {
    poke() {
      if (closed) return;
      if (running) {
        again = true;
        return;
      }
      if (timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        void drain();
      }, deps.pokeDelayMs);
      timer.unref();
    },
    drain,
    async close() {
      closed = true;
      clearInterval(poll);
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
