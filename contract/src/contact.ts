import * as z from './zod-subset.ts';
import { EmailField, Id } from './common.ts';

/** The contact form's longest subject and message (mails cut older rows to them too). */
export const SUBJECT_MAX_LENGTH = 150;
export const MESSAGE_MAX_LENGTH = 5000;

export const ContactBody = z.object({
  email: EmailField,
  subject: z
    .string({ message: 'Subject is Required' })
    .trim()
    .min(1, 'Subject is Required')
    .max(SUBJECT_MAX_LENGTH, 'Keep the subject under 150 characters'),
  message: z
    .string({ message: 'Message is Required' })
    .trim()
    .min(10, 'Please write at least 10 characters')
    .max(MESSAGE_MAX_LENGTH, 'Keep the message under 5000 characters'),
});
export type ContactBody = z.input<typeof ContactBody>;

export const ContactAnswer = z.object({ acknowledged: z.literal(true), insertedId: Id });

export const NewsletterBody = z.object({ email: EmailField });
export type NewsletterBody = z.input<typeof NewsletterBody>;

/**
 * The same answer whether or not the address is on the list (nobody learns who subscribed): the
 * subscription counts once the link mailed to the address is followed (double opt-in).
 */
export const NewsletterAnswer = z.object({
  acknowledged: z.literal(true),
  message: z.string(),
});

/**
 * The newsletter's mailed links (GET confirm and unsubscribe, POST one-click unsubscribe). Loose
 * on purpose: a mangled link is answered with the page that says so, not with a JSON error.
 */
export const NewsletterLinkQuery = z.object({
  email: z.string().max(320).default(''),
  token: z.string().max(200).default(''),
});
export type NewsletterLinkQuery = z.input<typeof NewsletterLinkQuery>;

/** POST /api/newsletter/unsubscribe (RFC 8058 one-click, sent by the mail provider). */
export const NewsletterUnsubscribeAnswer = z.object({ acknowledged: z.literal(true) });
