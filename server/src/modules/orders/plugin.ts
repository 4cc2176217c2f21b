import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createPdfRenderer, type PdfRenderer } from '../invoices/pdf-pool.ts';
import { runLeased } from '../jobs/lease.ts';
import { expireUnpaidOrders } from './expiry.ts';
import { remindOverdueInvoices } from './invoice-payments.ts';
import { createOrderMailSender, type OrderMailSender } from './mail-outbox.ts';
import { createOrdersService, type OrdersService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrdersService;
    /** Sends the order confirmations queued by purchases (decision 037). */
    orderMails: OrderMailSender;
    /** Draws invoices and credit notes in a worker thread, within a time limit. */
    invoicePdfs: PdfRenderer;
    /** Mails the overdue invoices' reminders (hourly; tests call `runOnce(now)`). */
    overdueReminders: { runOnce(now?: Date): Promise<number> };
  }
}

/** Mails left queued by an earlier run wait this long after start-up. */
const STARTUP_MAIL_DELAY_MS = 2_000;
/** How often overdue invoices are looked for (each is reminded once, then every 7 days). */
const REMINDER_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Orders: the service (purchases, lists, shipping, deletion), the confirmation mails' sender, and
 * the sweep that expires unpaid orders after UNPAID_ORDER_TTL (their stock goes back).
 */
export const orders = fp(async function orders(app: FastifyInstance) {
  const { config, db, log } = app;
  const catalogueChanged = () => app.catalogueCache.invalidate();
  const pdfs = createPdfRenderer();
  app.decorate('invoicePdfs', pdfs);
  // `app.metrics` is read when something is counted: its plugin is registered after this one.
  const mails = createOrderMailSender({
    db,
    mailer: app.mailer,
    log,
    publicUrl: config.publicUrl,
    seller: { ...config.seller, url: config.publicUrl },
    renderPdf: pdfs.render,
    notifyEmails: config.orderNotifyEmails,
    maxAttempts: config.mailMaxAttempts,
    counted: {
      sent: () => app.metrics.mailsSent.inc({ kind: 'order' }),
      failed: () => app.metrics.mailsFailed.inc({ kind: 'order' }),
      setAside: () => app.metrics.mailsSetAside.inc({ kind: 'order' }),
    },
  });
  app.decorate('orderMails', mails);
  app.decorate(
    'orders',
    createOrdersService({
      db,
      log,
      orderPlaced: () => app.metrics.ordersPlaced.inc(),
      mailQueued: () => {
        app.metrics.mailsQueued.inc({ kind: 'order' });
        mails.poke();
      },
      // Read when a purchase crossed: the insights plugin is registered after this one.
      lowStockMailQueued: () => {
        app.metrics.mailsQueued.inc({ kind: 'low-stock' });
        app.lowStockMails.poke();
      },
      payments: app.payments,
      catalogueChanged,
      maxUnpaidOrders: config.maxUnpaidOrders,
      maxUnpaidValueCents: config.maxUnpaidValueCents,
      unpaidOrderTtlMs: config.unpaidOrderTtlMs,
      lockBuyer: app.database.raw.kind !== 'pglite',
    }),
  );
  // Mails queued before a stop or a crash go out once the shop has started, not during it.
  setTimeout(mails.poke, STARTUP_MAIL_DELAY_MS).unref();

  let sweep: NodeJS.Timeout | undefined;
  const ttlMs = config.unpaidOrderTtlMs;
  if (ttlMs) {
    let running = false;
    const intervalMs = Math.min(60_000, Math.max(1_000, Math.floor(ttlMs / 2)));
    sweep = setInterval(() => {
      if (running) return;
      running = true;
      // One instance sweeps each round (the lease); the others skip it.
      runLeased(db, 'unpaid-order-sweep', intervalMs, () =>
        expireUnpaidOrders({
          db,
          provider: app.payments,
          ttlMs,
          log,
          catalogueChanged,
          mailQueued: mails.poke,
        }),
      )
        .catch((err: unknown) => log.error({ err }, 'the unpaid order sweep failed'))
        .finally(() => {
          running = false;
        });
    }, intervalMs);
    sweep.unref();
  }
  // Overdue invoices on terms (issue 49): their companies' admins are reminded, hourly checked.
  const overdueReminders = {
    runOnce: (now?: Date) =>
      remindOverdueInvoices({ db, mailer: app.mailer, publicUrl: config.publicUrl, log, now }),
  };
  app.decorate('overdueReminders', overdueReminders);
  const reminders =
    config.env === 'test'
      ? undefined
      : setInterval(() => {
          runLeased(db, 'overdue-invoice-reminders', REMINDER_INTERVAL_MS, () =>
            overdueReminders.runOnce(),
          ).catch((err: unknown) => log.error({ err }, 'the overdue invoice reminders failed'));
        }, REMINDER_INTERVAL_MS);
  reminders?.unref();
  app.addHook('onClose', async () => {
    clearInterval(reminders);
    clearInterval(sweep);
    await mails.close();
    await pdfs.close();
  });
});
