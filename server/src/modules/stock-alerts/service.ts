import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { StockAlertStatus } from '@partsmith/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { purgeBatch } from '../../db/purge.ts';
import { parts, stockAlerts } from '../../db/schema/parts.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import type { WindowCounter } from '../../lib/rate-limit-store.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { SessionUser } from '../../plugins/access.ts';
import { partsByIds } from '../parts/repository.ts';
import { inStock } from '../parts/stock.ts';
import { confirmationMail, type AlertLinks } from './mails.ts';

/** How long a confirmation link works, counted from its mail. */
export const CONFIRM_LINK_SECONDS = 7 * 24 * 60 * 60;
/** One address gets at most one confirmation mail an hour for one part, however often asked. */
const RESEND_SECONDS = 60 * 60;
/**
 * Confirmation mails one address gets whoever asks, over all parts: an hour's and a day's worth.
 * A visitor can type anyone's address, so the form must be no way to flood a mailbox.
 */
const CONFIRMATIONS_PER_HOUR = 3;
const CONFIRMATIONS_PER_DAY = 6;

/** A mailed link's token is kept only as its SHA-256, so the table's rows cannot be used as links. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** What a mailed link names: the alert's part, and whether it was confirmed. */
export type ConfirmOutcome = { partId: string; confirmed: boolean };

/**
 * "Tell me when it is back" (issue 46), in `stock_alerts`: one row per part and address.
 *
 * A signed-in customer with a confirmed address asks for their own address: the row is confirmed
 * at once. Anyone else (a visitor, or an address that is not the account's confirmed one) gets a
 * row that waits for the mailed link: its `token_hash` is the link's, and `notified_at` says when
 * that mail went (a visitor asking again gets another at most once an hour; the link works 7 days
 * from it). Confirming clears `notified_at`, which from then on is the back-in-stock sender's
 * mark (mails.ts). The token stays, for the cancel link of the same mail.
 */
export function createStockAlertsService(deps: {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  links: AlertLinks;
  counter: WindowCounter;
}) {
  const { db, mailer, log, links, counter } = deps;
  const pending = new Set<Promise<void>>();

  /** The listed part an alert is for, when it is out of stock (404 or 409 otherwise). */
  async function outOfStockPart(partId: string) {
    const [part] = await partsByIds(db, [partId]);
    if (!part || part.deletedAt) throw notFound('This part is not in our catalogue.');
    if (inStock(part))
      throw new HttpError(409, 'This part is in stock: you can order it now, no alert needed.');
    return part;
  }

  /** Whether this address may get another confirmation mail now (counted when it may). */
  async function mayMail(address: string): Promise<boolean> {
    const hour = await counter.hit(`stock-alert-confirmation:${address}`, 3600);
    if (hour.count > CONFIRMATIONS_PER_HOUR) return false;
    const day = await counter.hit(`stock-alert-confirmation-day:${address}`, 86_400);
    return day.count <= CONFIRMATIONS_PER_DAY;
  }

  /**
   * Mails the row's confirmation link, after the answer: the answer is the same whether or not a
   * mail went (nobody learns whether the address asked before), and so is its timing. The row is
   * taken first (a new token, `notified_at` now), so two requests at once send one mail.
   */
  async function sendConfirmation(part: { id: string; name: string; sku: string }, email: string) {
    const [row] = await db
      .select({ confirmedAt: stockAlerts.confirmedAt, notifiedAt: stockAlerts.notifiedAt })
      .from(stockAlerts)
      .where(and(eq(stockAlerts.partId, part.id), eq(stockAlerts.email, email)));
    if (!row || row.confirmedAt) return;
    if (row.notifiedAt && Date.now() - row.notifiedAt.getTime() < RESEND_SECONDS * 1000) return;
    if (!(await mayMail(email))) {
      log.info('stock alert confirmation not sent: several went to this address lately');
      return;
    }
    const token = randomBytes(32).toString('base64url');
    const taken = await db
      .update(stockAlerts)
      .set({ tokenHash: tokenHash(token), notifiedAt: sql`now()` })
      .where(
        and(
          eq(stockAlerts.partId, part.id),
          eq(stockAlerts.email, email),
          isNull(stockAlerts.confirmedAt),
          sql`(${stockAlerts.notifiedAt} is null
            or ${stockAlerts.notifiedAt} < now() - make_interval(secs => ${RESEND_SECONDS}))`,
        ),
      )
      .returning({ id: stockAlerts.id });
    if (taken.length === 0) return;
    const sending: Promise<void> = mailer
      .send(confirmationMail({ email, part, token, links }))
      .catch(async (err: unknown) => {
        log.error({ err, partId: part.id }, 'could not mail a stock alert confirmation');
        // Not sent: the next request may send it at once instead of an hour later.
        await db
          .update(stockAlerts)
          .set({ notifiedAt: null })
          .where(and(eq(stockAlerts.id, taken[0]!.id), isNull(stockAlerts.confirmedAt)))
          .catch(() => {});
      })
      .finally(() => pending.delete(sending));
    pending.add(sending);
  }

  return {
    /**
     * Puts an address on the out-of-stock part's list: the signed-in caller's own confirmed one at
     * once, any other after its mailed link. Asking again is no error.
     */
    async subscribe(
      partId: string,
      caller: SessionUser | null,
      email: string | undefined,
    ): Promise<StockAlertStatus> {
      const part = await outOfStockPart(partId);
      const own = caller?.email.toLowerCase();
      const address = email ?? own;
      if (!address)
        throw new HttpError(400, 'Write the email address we should tell, or sign in first.');
      const ownAddress = caller !== null && address === own;
      if (ownAddress && (caller.emailVerified || caller.role === 'admin')) {
        await db
          .insert(stockAlerts)
          .values({ partId, email: address, userId: caller.id, confirmedAt: sql`now()` })
          .onConflictDoUpdate({
            target: [stockAlerts.partId, stockAlerts.email],
            set: {
              userId: sql`excluded.user_id`,
              confirmedAt: sql`coalesce(${stockAlerts.confirmedAt}, excluded.confirmed_at)`,
              // A row that waited for its link: its confirmation mail's time is no send mark.
              notifiedAt: sql`case when ${stockAlerts.confirmedAt} is null then null
                else ${stockAlerts.notifiedAt} end`,
            },
          });
        return 'subscribed';
      }
      await db
        .insert(stockAlerts)
        .values({ partId, email: address, userId: ownAddress ? caller.id : null })
        .onConflictDoNothing();
      await sendConfirmation(part, address);
      return 'confirmation_sent';
    },

    /**
     * Confirms the alert of a confirmation link that is still valid (again is fine). Answers the
     * alert's part and whether the link was good, or null when the link names no alert.
     */
    async confirm(token: string): Promise<ConfirmOutcome | null> {
      if (!token) return null;
      const hash = tokenHash(token);
      const [row] = await db
        .update(stockAlerts)
        .set({
          confirmedAt: sql`coalesce(${stockAlerts.confirmedAt}, now())`,
          // Only a row that waited for this link: a confirmed one's mark is the sender's.
          notifiedAt: sql`case when ${stockAlerts.confirmedAt} is null then null
            else ${stockAlerts.notifiedAt} end`,
        })
        .where(
          and(
            eq(stockAlerts.tokenHash, hash),
            or(
              sql`${stockAlerts.notifiedAt} >= now() - make_interval(secs => ${CONFIRM_LINK_SECONDS})`,
              sql`${stockAlerts.confirmedAt} is not null`,
            ),
          ),
        )
        .returning({ partId: stockAlerts.partId });
      if (row) return { partId: row.partId, confirmed: true };
      // Expired (or sent before a newer mail replaced its token): the part's page says so.
      const [stale] = await db
        .select({ partId: stockAlerts.partId })
        .from(stockAlerts)
        .where(eq(stockAlerts.tokenHash, hash));
      return stale ? { partId: stale.partId, confirmed: false } : null;
    },

    /** Ends the alert of a mailed cancel link; answers whether there was one. */
    async cancelByToken(partId: string, token: string): Promise<boolean> {
      const gone = await db
        .delete(stockAlerts)
        .where(and(eq(stockAlerts.partId, partId), eq(stockAlerts.tokenHash, tokenHash(token))))
        .returning({ id: stockAlerts.id });
      return gone.length > 0;
    },

    /** Ends the signed-in customer's own alert for the part; answers whether there was one. */
    async cancelOwn(partId: string, user: SessionUser): Promise<boolean> {
      const gone = await db
        .delete(stockAlerts)
        .where(
          and(
            eq(stockAlerts.partId, partId),
            or(eq(stockAlerts.userId, user.id), eq(stockAlerts.email, user.email.toLowerCase())),
          ),
        )
        .returning({ id: stockAlerts.id });
      return gone.length > 0;
    },

    /** Waits for the confirmation mails still being sent (at shutdown). */
    async settle() {
      await Promise.allSettled([...pending]);
    },
  };
}

export type StockAlertsService = ReturnType<typeof createStockAlertsService>;

/**
 * Alerts that can never be sent (at most `limit`): those whose confirmation link went unused for
 * CONFIRM_LINK_SECONDS (an address someone typed but never confirmed is not kept), and those of
 * parts taken out of the catalogue. For housekeeping.
 */
export const purgeStaleStockAlerts = (db: DbOrTx, before: Date, limit: number) =>
  purgeBatch(
    db,
    stockAlerts,
    [stockAlerts.id],
    sql`(${stockAlerts.confirmedAt} is null
        and coalesce(${stockAlerts.notifiedAt}, ${stockAlerts.createdAt})
          < ${before.toISOString()}::timestamptz)
      or ${stockAlerts.partId} in (select id from ${parts} where deleted_at is not null)`,
    limit,
  );
