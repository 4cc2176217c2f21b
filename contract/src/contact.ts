import { z } from 'zod';
import { EmailField, Id } from './common.ts';

export const ContactBody = z.object({
  email: EmailField,
  subject: z
    .string({ message: 'Subject is Required' })
    .trim()
    .min(1, 'Subject is Required')
    .max(150, 'Keep the subject under 150 characters'),
  message: z
    .string({ message: 'Message is Required' })
    .trim()
    .min(10, 'Please write at least 10 characters')
    .max(5000, 'Keep the message under 5000 characters'),
});
export type ContactBody = z.input<typeof ContactBody>;

export const ContactAnswer = z.object({ acknowledged: z.literal(true), insertedId: Id });

export const NewsletterBody = z.object({ email: EmailField });
export type NewsletterBody = z.input<typeof NewsletterBody>;

/** A repeated sign-up is not an error: it answers politely that the address is already in. */
export const NewsletterAnswer = z.object({
  acknowledged: z.literal(true),
  alreadySubscribed: z.boolean(),
});
