import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { OutboxSender } from '../jobs/outbox.ts';
import { createBackInStockSender } from './back-in-stock.ts';
import { alertLinks } from './mails.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the back-in-stock mails of the confirmed stock alerts whose part is back. */
    backInStockMails: OutboxSender;
  }
}

/** Alerts left due by an earlier run wait this long after start-up. */
const STARTUP_MAIL_DELAY_MS = 2_000;

/** Stock alerts: the back-in-stock mails' sender (the routes are in routes.ts). */
export const stockAlerts = fp(async function stockAlerts(app: FastifyInstance) {
  const mails = createBackInStockSender({
    db: app.db,
    mailer: app.mailer,
    log: app.log,
    links: alertLinks(app.config.publicUrl),
    // `app.metrics` is read when something is counted: its plugin is registered after this one.
    counted: {
      sent: () => app.metrics.mailsSent.inc({ kind: 'stock-alert' }),
      failed: () => app.metrics.mailsFailed.inc({ kind: 'stock-alert' }),
      setAside: () => app.metrics.mailsSetAside.inc({ kind: 'stock-alert' }),
    },
  });
  app.decorate('backInStockMails', mails);
  setTimeout(mails.poke, STARTUP_MAIL_DELAY_MS).unref();
  app.addHook('onClose', () => mails.close());
});
