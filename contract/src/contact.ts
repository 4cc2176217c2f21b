import * as z from './zod-subset.ts';
import { EmailField, Id } from './common.ts';
import { ORDER_TOPICS, type OrderTopic } from './constants.ts';

/** The contact form's longest subject and message (mails cut older rows to them too). */
export const SUBJECT_MAX_LENGTH = 150;
export const MESSAGE_MAX_LENGTH = 5000;

const MessageField = z
  .string({ message: 'Message is Required' })
  .trim()
  .min(10, 'Please write at least 10 characters')
  .max(MESSAGE_MAX_LENGTH, 'Keep the message under 5000 characters');

export const ContactBody = z.object({
  email: EmailField,
  subject: z
    .string({ message: 'Subject is Required' })
    .trim()
    .min(1, 'Subject is Required')
    .max(SUBJECT_MAX_LENGTH, 'Keep the subject under 150 characters'),
  message: MessageField,
});
export type ContactBody = z.input<typeof ContactBody>;

export { ORDER_TOPICS, type OrderTopic } from './constants.ts';

/** POST /api/orders/:id/messages: the order's buyer writes to the shop about it. */
export const OrderMessageBody = z.object({
  topic: z.enum(Object.keys(ORDER_TOPICS) as [OrderTopic, ...OrderTopic[]], {
    message: 'Choose what your message is about',
  }),
  message: MessageField,
});
export type OrderMessageBody = z.input<typeof OrderMessageBody>;

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

/**
 * A contact message as the dashboard's Messages show it to admins: who wrote, about what, when,
 * whether the mail to the shop went out, and whether an admin has marked it handled.
 */
export const ContactMessage = z.object({
  _id: Id,
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
  /** False while the mail to the shop's address failed: the dashboard is then the only copy. */
  mailed: z.boolean(),
  /** When an admin marked it handled (answered, or nothing to answer); null while it is new. */
  handledAt: z.string().nullable(),
  /** The order a buyer wrote about from its page; null for the contact form's messages. */
  order: z.object({ _id: Id, number: z.string() }).nullable().default(null),
});
export type ContactMessage = z.infer<typeof ContactMessage>;

/** PATCH /api/admin/messages/:id: marks a message handled, or new again. */
export const MessageHandledBody = z.object({
  handled: z.boolean({ message: 'Say whether the message is handled (true or false)' }),
});
export type MessageHandledBody = z.input<typeof MessageHandledBody>;
