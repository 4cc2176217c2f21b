import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { purgeVisitorCarts } from '../cart/repository.ts';
import {
  CONFIRM_LINK_SECONDS,
  purgeHandledMessages,
  purgeUnconfirmedSubscribers,
} from '../contact/service.ts';
import { orderImageUrls, purgeIdempotencyKeys } from '../orders/repository.ts';
import { partImageUrls } from '../parts/repository.ts';
import { purgeProcessedEvents } from '../payments/service.ts';
import { reviewImageUrls } from '../reviews/repository.ts';
import {
  CONFIRM_LINK_SECONDS as STOCK_ALERT_LINK_SECONDS,
  purgeStaleStockAlerts,
} from '../stock-alerts/service.ts';
import {
  purgeExpiredSessions,
  purgeExpiredVerifications,
  purgeRateLimits,
  userImageUrls,
} from '../users/service.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** At most this many rows per table per run: a backlog goes over several runs, no long locks. */
export const PURGE_BATCH = 5_000;
/** At most this many uploads (with their copies) deleted per run. */
export const UPLOAD_BATCH = 1_000;
/** An upload nothing uses is kept this long: the form it was made for may not be sent yet. */
export const UPLOAD_GRACE_MS = DAY_MS;
/** A purchase retried with its Idempotency-Key within a day gets the first answer. */
export const IDEMPOTENCY_KEY_MS = DAY_MS;
/** Stripe retries a webhook event for up to 3 days: kept well past that. */
export const PROCESSED_EVENT_MS = 30 * DAY_MS;
/** A newsletter sign-up never confirmed is forgotten once its link has expired. */
export const UNCONFIRMED_SUBSCRIBER_MS = CONFIRM_LINK_SECONDS * 1000;
/** A stock alert never confirmed is forgotten once its link has expired (7 days). */
export const UNCONFIRMED_STOCK_ALERT_MS = STOCK_ALERT_LINK_SECONDS * 1000;

/** What one run removed. */
export interface PurgeReport {
  sessions: number;
  verifications: number;
  idempotencyKeys: number;
  rateLimits: number;
  processedEvents: number;
  unconfirmedSubscribers: number;
  /** Stock alerts whose confirmation link expired unused, or whose part left the catalogue. */
  staleStockAlerts: number;
  /** Visitors' carts untouched for VISITOR_CART_DAYS. */
  visitorCarts: number;
  /** Contact messages handled HANDLED_MESSAGE_DAYS ago or more. */
  handledMessages: number;
  uploads: number;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** An upload (`<uuid>.webp`), a width copy (`<uuid>-<width>.webp`) or a write's temp file. */
const UPLOAD_FILE = new RegExp(`^\\.?(${UUID})(?:-\\d+)?\\.webp(?:\\.tmp)?$`);
/** The upload an image URL names, whether written as /uploads/… or as a full address. */
const UPLOAD_IN_URL = `/uploads/(${UUID})`;

/**
 * The shop's cleaning: expired sessions and verification tokens, old idempotency keys, stale
 * rate-limit windows, old webhook event ids, newsletter sign-ups and stock alerts never
 * confirmed (and the alerts of deleted parts), visitors' carts nobody has touched for VISITOR_CART_DAYS, contact messages handled HANDLED_MESSAGE_DAYS ago, and uploads nothing uses.
 * Each table's purge is one statement bounded by PURGE_BATCH, made by the module that owns the
 * table; a failure is logged and the other purges still run.
 */
export function createHousekeeping(deps: {
  db: Db;
  /** The uploads' folder or bucket (the uploads module's store, as the app holds it). */
  images: FastifyInstance['images'];
  log: FastifyBaseLogger;
  /** Rate-limit rows are kept this long after their window started (the longest window). */
  rateLimitKeepMs: number;
  /** A visitor's cart untouched this long is deleted (VISITOR_CART_DAYS). */
  visitorCartKeepMs: number;
  /** A contact message is deleted this long after it was marked handled (HANDLED_MESSAGE_DAYS). */
  handledMessageKeepMs: number;
  now?: () => number;
}) {
  const { db, images, log } = deps;
  const now = deps.now ?? Date.now;

  /** Of these upload ids, those a part, review, account (its picture) or order names. */
  async function inUse(ids: string[]): Promise<Set<string>> {
    const list = sql`${`{${ids.join(',')}}`}::text[]`;
    // Each owning module gives its image URLs; one statement still reads them all.
    const urls = sql.join(
      [partImageUrls(), reviewImageUrls(), userImageUrls(), orderImageUrls()],
      sql` union all `,
    );
    const rows = await db
      .select({ id: sql<string>`u.id` })
      .from(
        sql`(select distinct substring(a.url from ${UPLOAD_IN_URL}::text) as id
          from (${urls}) as a) as u`,
      )
      .where(sql`u.id = any(${list})`);
    return new Set(rows.map((r) => r.id));
  }

  /**
   * Uploads (each `<uuid>.webp` with its `<uuid>-<width>.webp` copies) whose every file is older
   * than UPLOAD_GRACE_MS and that nothing names. Other files in the folder or bucket are left
   * alone.
   */
  async function purgeUploads(): Promise<number> {
    const groups = new Map<string, { files: string[]; newest: number }>();
    for await (const { name, modifiedMs } of images.list()) {
      const id = UPLOAD_FILE.exec(name)?.[1];
      if (!id) continue;
      const group = groups.get(id) ?? { files: [], newest: 0 };
      group.files.push(name);
      group.newest = Math.max(group.newest, modifiedMs);
      groups.set(id, group);
    }
    const cutoff = now() - UPLOAD_GRACE_MS;
    const old = [...groups].filter(([, g]) => g.newest < cutoff).map(([id]) => id);
    let removed = 0;
    for (let i = 0; i < old.length && removed < UPLOAD_BATCH; i += UPLOAD_BATCH) {
      const batch = old.slice(i, i + UPLOAD_BATCH);
      const used = await inUse(batch);
      const unused = batch.filter((id) => !used.has(id)).slice(0, UPLOAD_BATCH - removed);
      const files = unused.flatMap((id) => groups.get(id)!.files);
      const fullSize = new Set(unused.map((id) => `${id}.webp`));
      // The full-size files first: once one is gone, `images.has` refuses its URL, so a run cut
      // short leaves copies without their image, never an accepted image without its copies.
      await images.remove(files.filter((file) => fullSize.has(file)));
      await images.remove(files.filter((file) => !fullSize.has(file)));
      removed += unused.length;
    }
    return removed;
  }

  async function step(name: keyof PurgeReport, purge: () => Promise<number>) {
    try {
      return await purge();
    } catch (err) {
      log.error({ err, purge: name }, 'a housekeeping purge failed');
      return 0;
    }
  }

  async function run(): Promise<PurgeReport> {
    const at = now();
    const report: PurgeReport = {
      sessions: await step('sessions', () => purgeExpiredSessions(db, new Date(at), PURGE_BATCH)),
      verifications: await step('verifications', () =>
        purgeExpiredVerifications(db, new Date(at), PURGE_BATCH),
      ),
      idempotencyKeys: await step('idempotencyKeys', () =>
        purgeIdempotencyKeys(db, new Date(at - IDEMPOTENCY_KEY_MS), PURGE_BATCH),
      ),
      rateLimits: await step('rateLimits', () =>
        purgeRateLimits(db, at - deps.rateLimitKeepMs, PURGE_BATCH),
      ),
      processedEvents: await step('processedEvents', () =>
        purgeProcessedEvents(db, new Date(at - PROCESSED_EVENT_MS), PURGE_BATCH),
      ),
      unconfirmedSubscribers: await step('unconfirmedSubscribers', () =>
        purgeUnconfirmedSubscribers(db, new Date(at - UNCONFIRMED_SUBSCRIBER_MS), PURGE_BATCH),
      ),
      staleStockAlerts: await step('staleStockAlerts', () =>
        purgeStaleStockAlerts(db, new Date(at - UNCONFIRMED_STOCK_ALERT_MS), PURGE_BATCH),
      ),
      visitorCarts: await step('visitorCarts', () =>
        purgeVisitorCarts(db, new Date(at - deps.visitorCartKeepMs), PURGE_BATCH),
      ),
      handledMessages: await step('handledMessages', () =>
        purgeHandledMessages(db, new Date(at - deps.handledMessageKeepMs), PURGE_BATCH),
      ),
      uploads: await step('uploads', purgeUploads),
    };
    if (Object.values(report).some((n) => n > 0)) log.info({ purged: report }, 'housekeeping');
    return report;
  }

  let running: Promise<PurgeReport> | null = null;
  return {
    /** One run now; a call while one runs gets that run's report (runs never overlap). */
    runOnce(): Promise<PurgeReport> {
      running ??= run().finally(() => {
        running = null;
      });
      return running;
    },
    /** The run in progress, if any, finished. */
    async idle() {
      await running?.catch(() => {});
    },
  };
}

export type Housekeeping = ReturnType<typeof createHousekeeping>;

/** Keep rate-limit rows a day, or the longest window when one is longer. */
export function rateLimitKeepMs(windowsSeconds: number[]): number {
  return Math.max(DAY_MS, ...windowsSeconds.map((s) => s * 1000));
}
