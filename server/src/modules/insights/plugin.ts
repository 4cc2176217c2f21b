import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createLowStockMailSender, type LowStockMailSender } from './low-stock-mails.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the low-stock mails that purchases queued to the admins. */
    lowStockMails: LowStockMailSender;
  }
}

/** Mails left queued by an earlier run wait this long after start-up. */
const STARTUP_MAIL_DELAY_MS = 2_000;

/** The owner's tools: the low-stock mails' sender (the routes are in routes.ts). */
export const insights = fp(async function insights(app: FastifyInstance) {
  const mails = createLowStockMailSender({
    db: app.db,
    mailer: app.mailer,
    log: app.log,
    publicUrl: app.config.publicUrl,
    maxAttempts: app.config.mailMaxAttempts,
    // `app.metrics` is read when something is counted: its plugin is registered after this one.
    counted: {
      sent: () => app.metrics.mailsSent.inc({ kind: 'low-stock' }),
      failed: () => app.metrics.mailsFailed.inc({ kind: 'low-stock' }),
      setAside: () => app.metrics.mailsSetAside.inc({ kind: 'low-stock' }),
    },
  });
  app.decorate('lowStockMails', mails);
  setTimeout(mails.poke, STARTUP_MAIL_DELAY_MS).unref();
  app.addHook('onClose', () => mails.close());
});
