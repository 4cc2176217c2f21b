import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../mail/mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** SMTP when SMTP_URL is set, else the outbox folder under DATA_DIR. */
    mailer: Mailer;
  }
}

/** The shop's one mailer (a test may pass its own, which it closes itself). */
export const mailer = fp(async function mailer(app: FastifyInstance, options: { given?: Mailer }) {
  const made =
    options.given ??
    createMailer({
      smtpUrl: app.config.smtpUrl,
      from: app.config.mailFrom,
      dataDir: app.config.dataDir,
      logger: app.log,
    });
  app.decorate('mailer', made);
  if (!options.given) app.addHook('onClose', async () => made.close());
});
