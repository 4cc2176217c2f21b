import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MAX_ANSWER_MESSAGE } from '@partsmith/contract';
import { PAGES } from '@partsmith/contract/pages';
import type { Db } from '../../db/client.ts';
import { quoteMails } from '../../db/schema/quotes.ts';
import { MAIL_TEXT_LIMITS, multiLine, oneLine, quoted } from '../../lib/customer-text.ts';
import type { MailMessage, Mailer } from '../../mail/mailer.ts';
import { amounts, button, mailDocument, para, quotation } from '../../mail/simple-mail.ts';
import { formatUsd } from '../../lib/money.ts';
import {
  createOutboxSender,
  type OutboxCounts,
  type OutboxJob,
  type OutboxSender,
} from '../jobs/outbox.ts';
import { adminEmails } from '../users/service.ts';
import { quotesByIds, type Quote } from './reading.ts';

/** How often the queue is looked at without a poke (retries, mails of a crashed instance). */
const POLL_MS = 60_000;
const POKE_DELAY_MS = 50;
const BATCH = 20;

export type QuoteMailKind = 'requested' | 'answered' | 'accepted';

const cents = (dollars: number) => Math.round(dollars * 100);
const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** The quote's lines, one per line of text (short enough for a phone). */
function linesText(quote: Quote, priced: boolean): string {
  return quote.lines
    .map((line) =>
      priced && line.unitPrice !== null
        ? `  ${line.quantity} x ${line.name}\n    ${formatUsd(cents(line.unitPrice))} each, ${formatUsd(cents(line.total!))}`
        : `  ${line.quantity} x ${line.name}`,
    )
    .join('\n');
}

/**
 * The mail of a quote's step: a new request and an acceptance go to the admins, an answer to the
 * customer, with an HTML part of its lines and total (mail/simple-mail.ts). The admins' mails are
 * plain text: a few lines that read as well on a phone as anywhere.
 */
export function quoteMail(
  kind: QuoteMailKind,
  quote: Quote,
  admins: string[],
  publicUrl: string,
): MailMessage | null {
  // What the customer wrote, bounded whatever the row holds: the name on one line, the message
  // as a quote whose lines cannot pass for the shop's own.
  const name = oneLine(quote.userName, MAIL_TEXT_LIMITS.name);
  const email = oneLine(quote.userEmail, MAIL_TEXT_LIMITS.email);
  const message = multiLine(quote.message, MAIL_TEXT_LIMITS.message)
    ? `\n${quoted(name, quote.message, MAIL_TEXT_LIMITS.message)}\n`
    : '';
  // The admin's words with the answer: plain text as well, its lines kept, control characters
  // dropped, bounded whatever the row holds.
  const note = multiLine(quote.answerMessage, MAX_ANSWER_MESSAGE);
  switch (kind) {
    case 'requested':
      if (admins.length === 0) return null;
      return {
        to: admins.join(', '),
        subject: `Quote request ${quote.number} from ${name}`,
        text:
          `Hello,\n\n${name} (${email}) asks for a price on:\n\n` +
          `${linesText(quote, false)}\n${message}\n` +
          // Searched by its number, Manage Quotes opens the request on its own.
          `Answer it here: ${publicUrl}${PAGES.manageQuotes.path}?q=${quote.number}\n\nPartsmith\n`,
      };
    case 'answered': {
      const total = formatUsd(cents(quote.total ?? 0));
      const holds = `These prices hold until the end of ${day(quote.validUntil!)} (UTC).`;
      const accept =
        'Accept the quote to turn it into an order at these prices, then pay it as usual';
      const quotesUrl = `${publicUrl}${PAGES.quotes.path}`;
      return {
        to: quote.userEmail,
        subject: `Your quote ${quote.number}: ${total}`,
        text:
          `Hello ${name},\n\nHere are our prices for your quote ${quote.number}:\n\n` +
          `${linesText(quote, true)}\n\n  Total: ${total}\n\n` +
          (note ? `A note from us:\n\n${note}\n\n` : '') +
          `${holds} ${accept}:\n${quotesUrl}\n\nThank you,\nPartsmith\n`,
        html: mailDocument(
          `Your quote ${quote.number}`,
          para(`Hello ${name},`) +
            para(`Here are our prices for your quote ${quote.number}:`) +
            amounts(
              quote.lines.map((line) => ({
                text: `${line.quantity} x ${line.name}`,
                ...(line.unitPrice === null
                  ? { amount: '' }
                  : {
                      detail: `${formatUsd(cents(line.unitPrice))} each`,
                      amount: formatUsd(cents(line.total ?? 0)),
                    }),
              })),
              { label: 'Total', amount: total },
            ) +
            (note ? para('A note from us:') + quotation(note) : '') +
            para(`${holds} ${accept}.`) +
            button(quotesUrl, 'See the quote in My Quotes') +
            para('Thank you.'),
        ),
      };
    }
    case 'accepted':
      if (admins.length === 0 || !quote.orderId) return null;
      return {
        to: admins.join(', '),
        subject: `Quote ${quote.number} accepted by ${name}`,
        text:
          `Hello,\n\n${name} (${email}) accepted quote ${quote.number} ` +
          `(${formatUsd(cents(quote.total ?? 0))}). It is now an unpaid order:\n` +
          `${publicUrl}${PAGES.order.path.replace(':id', quote.orderId)}\n\nPartsmith\n`,
      };
  }
}

export type QuoteMailSender = OutboxSender;

interface Claimed extends OutboxJob {
  quote_id: string;
  kind: QuoteMailKind;
}

/** Sends the quote mails left in `quote_mails`, off the request path (jobs/outbox.ts). */
export function createQuoteMailSender(deps: {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  /** Attempts before a mail is set aside as failed (MAIL_MAX_ATTEMPTS). */
  maxAttempts?: number;
  counted?: OutboxCounts;
}): QuoteMailSender {
  const { db, log } = deps;
  return createOutboxSender<Claimed, { quotes: Map<string, Quote>; admins: string[] }>({
    db,
    mailer: deps.mailer,
    log,
    table: quoteMails,
    returning: sql`quote_id, kind`,
    async load(jobs) {
      const [found, admins] = await Promise.all([
        quotesByIds(db, [...new Set(jobs.map((j) => j.quote_id))]),
        adminEmails(db),
      ]);
      return { quotes: new Map(found.map((q) => [q._id, q])), admins };
    },
    mail(job, batch) {
      const quote = batch.quotes.get(job.quote_id);
      // A quote gone meanwhile has nothing left to say.
      if (!quote) return null;
      const mail = quoteMail(job.kind, quote, batch.admins, deps.publicUrl);
      if (!mail)
        log.warn(
          { quoteId: job.quote_id, kind: job.kind },
          'a quote mail has no one to go to; dropped',
        );
      return mail;
    },
    logFields: (job) => ({ quoteId: job.quote_id, kind: job.kind }),
    names: { mail: 'quote mail', sender: 'quote mail' },
    pollMs: POLL_MS,
    pokeDelayMs: POKE_DELAY_MS,
    batch: { idle: BATCH },
    maxAttempts: deps.maxAttempts,
    counted: deps.counted,
  });
}
