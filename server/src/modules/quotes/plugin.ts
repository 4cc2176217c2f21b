import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createQuoteMailSender, type QuoteMailSender } from './mails.ts';
import { createQuotesService, type QuotesService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    quotes: QuotesService;
    /** Sends the mails of each quote's steps. */
    quoteMails: QuoteMailSender;
  }
}

/** Mails left queued by an earlier run wait this long after start-up. */
const STARTUP_MAIL_DELAY_MS = 2_000;

/** Quotes: the service (request, answer, accept) and its mails' sender; routes in routes.ts. */
export const quotes = fp(async function quotes(app: FastifyInstance) {
  const mails = createQuoteMailSender({
    db: app.db,
    mailer: app.mailer,
    log: app.log,
    publicUrl: app.config.publicUrl,
    maxAttempts: app.config.mailMaxAttempts,
    // `app.metrics` is read when something is counted: its plugin is registered after this one.
    counted: {
      sent: () => app.metrics.mailsSent.inc({ kind: 'quote' }),
      failed: () => app.metrics.mailsFailed.inc({ kind: 'quote' }),
      setAside: () => app.metrics.mailsSetAside.inc({ kind: 'quote' }),
    },
  });
  app.decorate('quoteMails', mails);
  app.decorate(
    'quotes',
    createQuotesService({
      db: app.db,
      orders: app.orders,
      mailQueued: () => {
        app.metrics.mailsQueued.inc({ kind: 'quote' });
        mails.poke();
      },
    }),
  );
  setTimeout(mails.poke, STARTUP_MAIL_DELAY_MS).unref();
  app.addHook('onClose', () => mails.close());
});
