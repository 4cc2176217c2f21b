import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { parts, stockAlerts } from '../../db/schema/parts.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { OutboxCounts, OutboxSender } from '../jobs/outbox.ts';
import { partsByIds } from '../parts/repository.ts';
import { inStock, inStockSql } from '../parts/stock.ts';
import { backInStockMail, type AlertLinks } from './mails.ts';

/**
 * How often the alerts are looked at without a poke: the stock comes back by paths that do not
 * poke (an unpaid order that expires or is deleted, a refund), so this is their delay at most.
 */
const POLL_MS = 20_000;
/** A poke waits this long, so the restocks of a burst go out in one pass. */
const POKE_DELAY_MS = 50;
/** Alerts a pass takes. */
const BATCH = 50;
/** A taken alert comes back after this if its mail failed or its sender died before settling it. */
export const CLAIM_SECONDS = 300;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Claimed {
  id: string;
  part_id: string;
  email: string;
}

/** An SMTP answer that will not change (5xx: no such mailbox, refused): trying again is no use. */
const refusedForGood = (err: unknown) => {
  const code = Number((err as { responseCode?: unknown })?.responseCode);
  return code >= 500 && code < 600;
};

/**
 * Sends the "back in stock" mails, off the request path: a restock never waits on SMTP.
 *
 * There is no queue to fill: a confirmed alert whose part is in stock is due, whichever way the
 * stock came back (an admin's edit, which pokes; an expired, deleted or refunded order, which the
 * poll finds). An alert is only taken for a part out of stock, so its part being in stock means it
 * came back since. By the outbox's rules (jobs/outbox.ts), with `stock_alerts` as its own queue: a
 * pass takes due alerts with `for update skip locked` and marks them (`notified_at`), so another
 * instance skips them and a crash only delays them; each mail sent ends its alert (the row is
 * deleted). A failure is logged and retried once the mark is CLAIM_SECONDS old; an address the
 * mail server refuses for good (5xx) ends its alert, as the outbox sets such a mail aside.
 */
export function createBackInStockSender(deps: {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  links: AlertLinks;
  counted?: OutboxCounts;
}): OutboxSender {
  const { db, mailer, log } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  async function claim(limit: number): Promise<Claimed[]> {
    const result = await db.execute(sql`
      update ${stockAlerts} set notified_at = now()
      where id in (
        select a.id from ${stockAlerts} a join ${parts} p on p.id = a.part_id
        where a.confirmed_at is not null
          and (a.notified_at is null
            or a.notified_at < now() - make_interval(secs => ${CLAIM_SECONDS}))
          and ${inStockSql('p')}
        order by a.notified_at nulls first, a.id
        limit ${limit}
        for update of a skip locked)
      returning id, part_id, email`);
    return (result as unknown as { rows: Claimed[] }).rows;
  }

  const ids = (list: string[]) => sql`${stockAlerts.id} = any(${sql.param(list)}::uuid[])`;

  async function pass(): Promise<number> {
    const jobs = await claim(BATCH);
    if (jobs.length === 0) return 0;
    const found = await partsByIds(db, [...new Set(jobs.map((j) => j.part_id))]);
    const byId = new Map(found.map((p) => [p.id, p]));
    const ended: string[] = [];
    const waiting: string[] = [];
    for (const job of jobs) {
      const part = byId.get(job.part_id);
      // Sold out again (or taken out of the catalogue) since it was taken: it waits once more.
      if (!part || part.deletedAt || !inStock(part)) {
        waiting.push(job.id);
        continue;
      }
      try {
        await mailer.send(backInStockMail({ email: job.email, part, links: deps.links }));
        deps.counted?.sent();
        ended.push(job.id);
      } catch (err) {
        if (refusedForGood(err)) {
          deps.counted?.setAside?.();
          log.error(
            { err, alertId: job.id, partId: job.part_id },
            'the mail server refused a back-in-stock mail for good; its alert ends',
          );
          ended.push(job.id);
          continue;
        }
        deps.counted?.failed();
        log.error(
          { err, alertId: job.id, partId: job.part_id, retryInSeconds: CLAIM_SECONDS },
          'could not send a back-in-stock mail; its alert stays and is tried again',
        );
      }
    }
    if (ended.length > 0) await db.delete(stockAlerts).where(ids(ended));
    if (waiting.length > 0)
      await db.update(stockAlerts).set({ notifiedAt: null }).where(ids(waiting));
    return jobs.length;
  }

  async function drainLoop() {
    for (;;) {
      if (closed) return;
      if ((await pass()) === BATCH) {
        await new Promise((resolve) => setImmediate(resolve));
        continue;
      }
      if (!again) return;
      again = false;
      await sleep(POKE_DELAY_MS);
    }
  }

  function drain(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = drainLoop()
      .catch((err: unknown) =>
        log.error({ err }, 'the back-in-stock mail sender failed; it tries again'),
      )
      .finally(() => {
        running = null;
      });
    return running;
  }

  const poll = setInterval(() => void drain(), POLL_MS);
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
      }, POKE_DELAY_MS);
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
