import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { purgeBatch } from '../../db/purge.ts';
import { contactMessages, newsletterSubscribers } from '../../db/schema/contact.ts';
import type { WindowCounter } from '../../lib/rate-limit-store.ts';
import { MAIL_TEXT_LIMITS, oneLine, quoted } from '../../lib/customer-text.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { button, mailDocument, note, noteWithLink, para } from '../../mail/simple-mail.ts';
import { adminMessagesFilter } from './admin-list.ts';

export const NEWSLETTER_CONFIRM_PATH = '/api/newsletter/confirm';
export const NEWSLETTER_UNSUBSCRIBE_PATH = '/api/newsletter/unsubscribe';

/** How long a confirmation link works. */
export const CONFIRM_LINK_SECONDS = 7 * 24 * 60 * 60;
/** Instances' clocks may differ a little: a link "issued" this far ahead still counts. */
const CLOCK_SKEW_SECONDS = 5 * 60;
/** Confirmation mails one address gets an hour, whoever asks: the form is no mail cannon. */
const CONFIRMATIONS_PER_HOUR = 3;

/** How the links and the list spell an address. */
export const normalEmail = (email: string) => email.trim().toLowerCase();

/**
 * The newsletter's links, signed statelessly (HMAC-SHA256) with keys derived from the shop's
 * secret, one per purpose: a confirm token never unsubscribes, nor the other way round. Confirm
 * tokens carry when they were issued and expire; unsubscribe tokens work as long as the address
 * may get mail from the list.
 */
export function createNewsletterLinks(secret: string, publicUrl: string, now = () => Date.now()) {
  const derive = (purpose: string) =>
    createHmac('sha256', secret).update(`newsletter:${purpose}`).digest();
  const confirmKey = derive('confirm');
  const unsubscribeKey = derive('unsubscribe');
  const sign = (key: Buffer, data: string) =>
    createHmac('sha256', key).update(data).digest('base64url');
  const same = (given: string, expected: string) => {
    const a = Buffer.from(given);
    const b = Buffer.from(expected);
    return a.length === b.length && timingSafeEqual(a, b);
  };
  const link = (path: string, email: string, token: string) =>
    `${publicUrl}${path}?${new URLSearchParams({ email, token })}`;

  const confirmToken = (email: string, issuedAtMs = now()) => {
    const at = Math.floor(issuedAtMs / 1000).toString(36);
    return `${at}.${sign(confirmKey, `${normalEmail(email)}\n${at}`)}`;
  };
  const unsubscribeToken = (email: string) => sign(unsubscribeKey, normalEmail(email));

  return {
    confirmToken,
    unsubscribeToken,
    confirmUrl: (email: string) =>
      link(NEWSLETTER_CONFIRM_PATH, normalEmail(email), confirmToken(email)),
    unsubscribeUrl: (email: string) =>
      link(NEWSLETTER_UNSUBSCRIBE_PATH, normalEmail(email), unsubscribeToken(email)),
    checkConfirm(email: string, token: string): boolean {
      const [at, signature, extra] = token.split('.');
      if (!at || !signature || extra !== undefined || !/^[0-9a-z]{1,10}$/.test(at)) return false;
      if (!same(signature, sign(confirmKey, `${normalEmail(email)}\n${at}`))) return false;
      const age = now() / 1000 - parseInt(at, 36);
      return age <= CONFIRM_LINK_SECONDS && age >= -CLOCK_SKEW_SECONDS;
    },
    checkUnsubscribe: (email: string, token: string) => same(token, unsubscribeToken(email)),
  };
}

export type NewsletterLinks = ReturnType<typeof createNewsletterLinks>;

/**
 * The contact form and the newsletter. The entry is stored first; the mail to the shop follows,
 * and a mail failure is logged without losing the entry (the shop still sees it in the database).
 */
export function createContactService(deps: {
  db: Db;
  mailer: Mailer;
  shopEmail: string;
  log: FastifyBaseLogger;
  links: NewsletterLinks;
  counter: WindowCounter;
}) {
  const { db, mailer, shopEmail, log, links, counter } = deps;
  const pending = new Set<Promise<void>>();

  async function sendConfirmation(email: string) {
    const { count } = await counter.hit(`newsletter-confirmation:${email}`, 3600);
    if (count > CONFIRMATIONS_PER_HOUR) {
      log.info('newsletter confirmation not sent: several went to this address this hour');
      return;
    }
    const unsubscribe = links.unsubscribeUrl(email);
    const confirm = links.confirmUrl(email);
    const ignore = 'Did not ask for it? Ignore this mail: without the link, nothing happens.';
    // Short lines and each link on its own line: most of these are opened on a phone.
    await mailer.send({
      to: email,
      subject: 'Confirm your Partsmith newsletter subscription',
      text:
        `Hello,\n\nPlease confirm that you want the Partsmith newsletter.\n` +
        `Open this link (it works for 7 days):\n\n${confirm}\n\n` +
        `${ignore}\n\nUnsubscribe at any time:\n${unsubscribe}\n`,
      html: mailDocument(
        'Confirm your subscription',
        para(
          'Please confirm that you want the Partsmith newsletter: new parts, restocks and workshop tips, about once a month.',
        ) +
          button(confirm, 'Confirm my subscription') +
          note('The link works for 7 days.') +
          note(ignore) +
          noteWithLink('Changed your mind?', unsubscribe, 'Unsubscribe', ' at any time.'),
      ),
      headers: {
        'List-Unsubscribe': `<${unsubscribe}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
  }

  return {
    /**
     * Stores a message to the shop, then mails it to the shop's address (reply goes to the
     * sender). A buyer's message about an order (`order`) names it, and its mail links to it.
     */
    async submitMessage(
      input: { email: string; subject: string; message: string },
      order?: { id: string; number: string; url: string },
    ) {
      const [row] = await db
        .insert(contactMessages)
        .values({ ...input, orderId: order?.id ?? null, orderNumber: order?.number ?? null })
        .returning({ id: contactMessages.id });
      const id = row!.id;
      try {
        // The customer's words as a quote: none of their lines can pass for the shop's own.
        const from = oneLine(input.email, MAIL_TEXT_LIMITS.email);
        const subject = oneLine(input.subject, MAIL_TEXT_LIMITS.subject);
        await mailer.send({
          to: shopEmail,
          replyTo: input.email,
          subject: order ? `[Order ${order.number}] ${subject}` : `[Contact] ${subject}`,
          text:
            (order
              ? `A message about order ${order.number} from its page (message ${id}):\n${order.url}\n\n`
              : `A message through the contact form (message ${id}).\n\n`) +
            `${quoted(from, input.message, MAIL_TEXT_LIMITS.message)}\n\n` +
            `Reply to this mail to answer ${from}.\n`,
        });
        await db
          .update(contactMessages)
          .set({ mailedAt: new Date() })
          .where(eq(contactMessages.id, id));
      } catch (err) {
        log.error({ err, contactMessageId: id }, 'could not mail a contact message to the shop');
      }
      return id;
    },

    /**
     * Puts the address on the list, unconfirmed, and mails it a confirmation link unless it is
     * confirmed already. The caller learns nothing either way: one statement answers in both
     * cases, and the mail goes out after the answer (a send's time would tell).
     */
    async subscribe(email: string): Promise<void> {
      const address = normalEmail(email);
      const [row] = await db
        .insert(newsletterSubscribers)
        .values({ email: address })
        .onConflictDoUpdate({
          target: newsletterSubscribers.email,
          set: { email: sql`excluded.email` },
        })
        .returning({ confirmedAt: newsletterSubscribers.confirmedAt });
      if (row?.confirmedAt) return;
      const sending: Promise<void> = sendConfirmation(address)
        .catch((err: unknown) => log.error({ err }, 'could not mail a newsletter confirmation'))
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },

    /**
     * Confirms the address of a valid, unexpired link (again is fine); the shop hears of it the
     * first time. Answers whether the link was valid.
     */
    async confirm(email: string, token: string): Promise<boolean> {
      const address = normalEmail(email);
      if (!links.checkConfirm(address, token)) return false;
      const now = new Date();
      // Also when the row is gone (unsubscribed since): following the link is the consent.
      const confirmed = await db
        .insert(newsletterSubscribers)
        .values({ email: address, confirmedAt: now })
        .onConflictDoUpdate({
          target: newsletterSubscribers.email,
          set: { confirmedAt: now },
          setWhere: isNull(newsletterSubscribers.confirmedAt),
        })
        .returning({ id: newsletterSubscribers.id });
      if (confirmed.length > 0) {
        try {
          await mailer.send({
            to: shopEmail,
            subject: '[Newsletter] New subscriber',
            text: `${oneLine(address, MAIL_TEXT_LIMITS.email)} confirmed a subscription to the newsletter.`,
          });
        } catch (err) {
          log.error({ err }, 'could not mail a newsletter subscription to the shop');
        }
      }
      return true;
    },

    /** Takes the address of a valid unsubscribe link off the list; answers whether it was valid. */
    async unsubscribe(email: string, token: string): Promise<boolean> {
      const address = normalEmail(email);
      if (!links.checkUnsubscribe(address, token)) return false;
      await db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, address));
      return true;
    },

    /** Waits for the confirmation mails still being sent (at shutdown). */
    async settle() {
      await Promise.allSettled([...pending]);
    },
  };
}

/**
 * Newsletter sign-ups made before `before` and never confirmed (at most `limit`): an address
 * someone typed but never confirmed is not kept (a later link adds it again).
 */
export const purgeUnconfirmedSubscribers = (db: DbOrTx, before: Date, limit: number) =>
  purgeBatch(
    db,
    newsletterSubscribers,
    [newsletterSubscribers.id],
    and(isNull(newsletterSubscribers.confirmedAt), lt(newsletterSubscribers.createdAt, before))!,
    limit,
  );

/**
 * Contact messages an admin marked handled before `before` (HANDLED_MESSAGE_DAYS ago): answered
 * long since, they are not kept for ever (the privacy policy says how long). One never handled
 * stays: nobody has read it yet.
 */
export const purgeHandledMessages = (db: DbOrTx, before: Date, limit: number) =>
  purgeBatch(
    db,
    contactMessages,
    [contactMessages.id],
    lt(contactMessages.handledAt, before)!,
    limit,
  );

/** The contact messages no admin has marked handled yet (Messages' "new"). */
export function countNewMessages(db: DbOrTx): Promise<number> {
  return db.$count(contactMessages, adminMessagesFilter({ handled: false }));
}
