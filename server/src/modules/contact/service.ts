import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { contactMessages, newsletterSubscribers } from '../../db/schema/index.ts';
import type { Mailer } from '../../mail/mailer.ts';

/**
 * The contact form and the newsletter. The entry is stored first; the mail to the shop follows,
 * and a mail failure is logged without losing the entry (the shop still sees it in the database).
 */
export function createContactService(deps: {
  db: Db;
  mailer: Mailer;
  shopEmail: string;
  log: FastifyBaseLogger;
}) {
  const { db, mailer, shopEmail, log } = deps;

  return {
    async submitMessage(input: { email: string; subject: string; message: string }) {
      const [row] = await db
        .insert(contactMessages)
        .values(input)
        .returning({ id: contactMessages.id });
      const id = row!.id;
      try {
        await mailer.send({
          to: shopEmail,
          replyTo: input.email,
          subject: `[Contact] ${input.subject}`,
          text: `A message from ${input.email} through the contact form:\n\n${input.message}\n\n(message ${id})`,
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

    /** Answers whether the address was already subscribed (which is not an error). */
    async subscribe(email: string): Promise<{ alreadySubscribed: boolean }> {
      const inserted = await db
        .insert(newsletterSubscribers)
        .values({ email })
        .onConflictDoNothing({ target: newsletterSubscribers.email })
        .returning({ id: newsletterSubscribers.id });
      if (inserted.length === 0) return { alreadySubscribed: true };
      try {
        await mailer.send({
          to: shopEmail,
          subject: '[Newsletter] New subscriber',
          text: `${email} subscribed to the newsletter.`,
        });
      } catch (err) {
        log.error({ err }, 'could not mail a newsletter sign-up to the shop');
      }
      return { alreadySubscribed: false };
    },
  };
}
