import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PAGES } from '@partsmith/contract/pages';
import type { Db } from '../../db/client.ts';
import { orderMails, orders, type OrderRow } from '../../db/schema/orders.ts';
import type { MailMessage, Mailer } from '../../mail/mailer.ts';
import { createOutboxSender, type OutboxJob, type OutboxSender } from '../jobs/outbox.ts';
import { orderTotalCents } from '../payments/service.ts';

/** How often the queue is looked at without a poke (retries, mails of a crashed instance). */
const POLL_MS = 30_000;
/** A poke waits this long, so one pass takes the mails of many purchases. */
const POKE_DELAY_MS = 20;
/** Mails a pass takes; while requests wait, only a few, then a pause (requests come first). */
const BATCH_IDLE = 50;
const BATCH_BUSY = 5;
const BUSY_PAUSE_MS = 100;

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

export type OrderMailSender = OutboxSender;

/**
 * Sends the order confirmations the purchases left in `order_mails` (decision 017), off the
 * request path, by the outbox rules of jobs/outbox.ts: a failure is retried later, and while the
 * event loop is busy with requests the sender takes a few mails at a time.
 */
export function createOrderMailSender(deps: {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  /** Told of each mail sent, and of each failed attempt (for the metrics). */
  counted?: { sent(): void; failed(): void };
}): OrderMailSender {
  const { db } = deps;
  return createOutboxSender<OutboxJob & { order_id: string }, Map<string, OrderRow>>({
    db,
    mailer: deps.mailer,
    log: deps.log,
    table: orderMails,
    returning: sql`order_id`,
    async load(jobs) {
      // `= any($1)`: one statement text whatever the batch's size (see jobs/outbox.ts).
      const rows = await db
        .select()
        .from(orders)
        .where(sql`${orders.id} = any(${sql.param(jobs.map((j) => j.order_id))})`);
      return new Map(rows.map((r) => [r.id, r]));
    },
    // An order deleted meanwhile has no mail left to send.
    mail: (job, byId) => {
      const order = byId.get(job.order_id);
      return order ? confirmationMail(order, deps.publicUrl) : null;
    },
    logFields: (job) => ({ orderId: job.order_id }),
    names: { mail: 'order confirmation mail', sender: 'order mail' },
    pollMs: POLL_MS,
    pokeDelayMs: POKE_DELAY_MS,
    batch: { idle: BATCH_IDLE, busy: { size: BATCH_BUSY, pauseMs: BUSY_PAUSE_MS } },
    counted: deps.counted,
  });
}
