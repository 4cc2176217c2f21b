import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PAGES } from '@partsmith/contract/pages';
import type { Db } from '../../db/client.ts';
import { orderMails, orders, type OrderRow } from '../../db/schema/orders.ts';
import type { MailMessage, Mailer } from '../../mail/mailer.ts';
import { orderTotalCents } from '../payments/service.ts';

/** A claimed mail comes back to the queue after this if its sender died before settling it. */
const CLAIM_SECONDS = 300;
/** Retries after a failure: 30 s, 1 min, 2 min, ... at most 1 h. */
const RETRY_BASE_SECONDS = 30;
const RETRY_MAX_SECONDS = 3600;
/** How often the queue is looked at without a poke (retries, mails of a crashed instance). */
const POLL_MS = 30_000;
/** A poke waits this long, so one pass takes the mails of many purchases. */
const POKE_DELAY_MS = 20;
/** Event-loop utilisation above which the sender only trickles (requests come first). */
const BUSY = 0.8;
const BATCH_IDLE = 50;
const BATCH_BUSY = 5;
const BUSY_PAUSE_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The order confirmation mail of an order. */
export function confirmationMail(order: OrderRow, publicUrl: string): MailMessage {
  const total = money(orderTotalCents(order));
  return {
    to: order.userEmail,
    subject: `Your Partsmith order: ${order.quantity} x ${order.name}`,
    text:
      `Hello ${order.userName},\n\nThank you for your order.\n\n` +
      `  ${order.quantity} x ${order.name} at ${money(order.unitPriceCents)} = ${total}\n` +
      `  Ship to: ${order.address}\n  Phone: ${order.phone}\n  Order: ${order.id}\n\n` +
      `Pay for it here: ${publicUrl}/dashboard/payment/${order.id}\n` +
      `Your orders: ${publicUrl}${PAGES.myOrders.path}\n\nPartsmith\n`,
  };
}

export interface OrderMailSender {
  /** A purchase committed a mail: send it soon. */
  poke(): void;
  /** Sends every mail that is due now (tests; also what a poke ends in). */
  drain(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Sends the order confirmations the purchases left in `order_mails` (decision 017), off the
 * request path. A pass claims a batch (due_at moves on, so another instance skips it and a
 * crash only delays it), sends each mail and deletes the sent ones; a failure is logged and
 * retried later with a growing pause. While the event loop is busy with requests the sender
 * takes a few mails at a time and pauses; when there is room it drains the queue.
 */
export function createOrderMailSender(deps: {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  /** Told of each mail sent, and of each failed attempt (for the metrics). */
  counted?: { sent(): void; failed(): void };
}): OrderMailSender {
  const { db, mailer, log } = deps;
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

  async function claim(limit: number) {
    const result = await db.execute<{ id: number; order_id: string; attempts: number }>(sql`
      update ${orderMails}
      set due_at = now() + make_interval(secs => ${CLAIM_SECONDS}), attempts = attempts + 1
      where id in (select id from ${orderMails} where due_at <= now()
                   order by due_at, id limit ${limit} for update skip locked)
      returning id, order_id, attempts`);
    return (result as unknown as { rows: { id: number; order_id: string; attempts: number }[] })
      .rows;
  }

  async function pass(limit: number): Promise<number> {
    const jobs = await claim(limit);
    if (jobs.length === 0) return 0;
    // `= any($1)` with one array parameter, not `in ($1, ..., $n)`: one statement text whatever
    // the batch's size, so the prepared-statement cache (decision 017) holds one, not fifty.
    const rows = await db
      .select()
      .from(orders)
      .where(sql`${orders.id} = any(${sql.param(jobs.map((j) => j.order_id))})`);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const sent: number[] = [];
    for (const job of jobs) {
      const order = byId.get(job.order_id);
      if (!order) {
        sent.push(Number(job.id));
        continue;
      }
      try {
        await mailer.send(confirmationMail(order, deps.publicUrl));
        sent.push(Number(job.id));
        deps.counted?.sent();
      } catch (err) {
        deps.counted?.failed();
        const retry = Math.min(RETRY_MAX_SECONDS, RETRY_BASE_SECONDS * 2 ** (job.attempts - 1));
        log.error(
          { err, orderId: order.id, attempts: job.attempts, retryInSeconds: retry },
          'could not send the order confirmation mail; it stays queued',
        );
        await db.execute(sql`
          update ${orderMails}
          set due_at = now() + make_interval(secs => ${retry}),
              last_error = ${String((err as Error)?.message ?? err).slice(0, 500)}
          where id = ${job.id}`);
      }
    }
    if (sent.length > 0) {
      await db.delete(orderMails).where(sql`${orderMails.id} = any(${sql.param(sent)})`);
    }
    return jobs.length;
  }

  async function drainLoop() {
    for (;;) {
      if (closed) return;
      const limit = busy() ? BATCH_BUSY : BATCH_IDLE;
      const taken = await pass(limit);
      if (taken === limit) {
        // More is due: go on at once when there is room, after a pause while requests wait.
        if (limit === BATCH_BUSY) await sleep(BUSY_PAUSE_MS);
        else await new Promise((resolve) => setImmediate(resolve));
        continue;
      }
      if (!again) return;
      // Purchases came in meanwhile: take their mails together in a moment.
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
      .catch((err: unknown) => log.error({ err }, 'the order mail sender failed; it tries again'))
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
