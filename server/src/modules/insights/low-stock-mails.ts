import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PAGES } from '@partsmith/contract/pages';
import type { Db } from '../../db/client.ts';
import { lowStockMails } from '../../db/schema/insights.ts';
import type { MailMessage, Mailer } from '../../mail/mailer.ts';
import {
  createOutboxSender,
  type OutboxCounts,
  type OutboxJob,
  type OutboxSender,
} from '../jobs/outbox.ts';
import { adminEmails } from '../users/service.ts';

/** How often the queue is looked at without a poke (retries, mails of a crashed instance). */
const POLL_MS = 60_000;
/** A poke waits this long, so the crossings of a burst of purchases go out in one pass. */
const POKE_DELAY_MS = 50;
/** Crossings are rare: a small batch keeps a pass short. */
const BATCH = 20;

export interface LowStockMail {
  partName: string;
  stock: number;
  threshold: number;
}

/** The mail the admins get when a part's stock fell below its threshold. */
export function lowStockMail(to: string[], mail: LowStockMail, publicUrl: string): MailMessage {
  return {
    to: to.join(', '),
    subject: `Low stock: ${mail.partName} (${mail.stock} left)`,
    text:
      `Hello,\n\nThe stock of ${mail.partName} fell below its low-stock threshold.\n\n` +
      `  Stock: ${mail.stock}\n  Threshold: ${mail.threshold}\n\n` +
      `Restock it or change its threshold here: ${publicUrl}${PAGES.manageParts.path}\n\n` +
      `You get this mail once each time the stock falls below the threshold.\n\nPartsmith\n`,
  };
}

export type LowStockMailSender = OutboxSender;

interface Claimed extends OutboxJob {
  part_name: string;
  stock: number;
  threshold: number;
}

/**
 * Sends the low-stock mails left in `low_stock_mails` to every admin, off the request path, by
 * the order mails' outbox rules (decision 043, jobs/outbox.ts): a failure is logged and retried
 * later with a growing pause.
 */
export function createLowStockMailSender(deps: {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  /** Attempts before a mail is set aside as failed (MAIL_MAX_ATTEMPTS). */
  maxAttempts?: number;
  /** Told of each mail sent, each failed attempt and each mail set aside (for the metrics). */
  counted?: OutboxCounts;
}): LowStockMailSender {
  const { db, log } = deps;
  return createOutboxSender<Claimed, string[]>({
    db,
    mailer: deps.mailer,
    log,
    table: lowStockMails,
    returning: sql`part_name, stock, threshold`,
    load: () => adminEmails(db),
    mail(job, admins) {
      // No admin to tell (a shop being set up): the overview still lists the part.
      if (admins.length === 0) {
        log.warn({ part: job.part_name }, 'a low-stock mail has no admin to go to; dropped');
        return null;
      }
      return lowStockMail(
        admins,
        { partName: job.part_name, stock: job.stock, threshold: job.threshold },
        deps.publicUrl,
      );
    },
    logFields: (job) => ({ part: job.part_name }),
    names: { mail: 'low-stock mail', sender: 'low-stock mail' },
    pollMs: POLL_MS,
    pokeDelayMs: POKE_DELAY_MS,
    batch: { idle: BATCH },
    maxAttempts: deps.maxAttempts,
    counted: deps.counted,
  });
}
