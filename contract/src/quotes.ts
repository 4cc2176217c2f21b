import * as z from './zod-subset.ts';
import { Id } from './common.ts';
import { QuantityField } from './orders.ts';
import { PriceField } from './parts.ts';

/** How many different parts one quote request may ask about. */
export const MAX_QUOTE_LINES = 50;
/** How far ahead an answer may be valid. */
export const MAX_QUOTE_DAYS = 365;

/** POST /api/quotes: the parts and quantities a customer asks a price for, and a message. */
export const QuoteRequestBody = z.object({
  lines: z
    .array(z.object({ partId: Id, quantity: QuantityField }), {
      message: 'Ask about at least one part',
    })
    .min(1, 'Ask about at least one part')
    .max(MAX_QUOTE_LINES, `Ask about at most ${MAX_QUOTE_LINES} parts in one request`)
    .refine(
      (lines) => new Set(lines.map((l) => l.partId)).size === lines.length,
      'Each part may appear once: give its whole quantity on one line',
    ),
  message: z.string().trim().max(2000, 'Keep the message under 2000 characters').default(''),
});
export type QuoteRequestBody = z.input<typeof QuoteRequestBody>;

/** A UTC day, YYYY-MM-DD. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The most an answer's message to the customer may hold. */
export const MAX_ANSWER_MESSAGE = 2000;

/**
 * PUT /api/quotes/:id (admins): a unit price for every line of the request, the last day
 * (YYYY-MM-DD, through the end of that day in UTC) the prices hold, and a message to the customer
 * (optional). Answering again replaces the earlier answer, its message too, while the quote is not
 * accepted.
 */
export const QuoteAnswerBody = z.object({
  lines: z
    .array(z.object({ partId: Id, unitPrice: PriceField }), {
      message: 'Give a unit price for every line',
    })
    .min(1, 'Give a unit price for every line'),
  validUntil: z
    .string({ message: 'Valid until is Required' })
    .regex(DAY, 'Valid until must be a date (YYYY-MM-DD)')
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'Valid until is not a real date'),
  message: z
    .string()
    .trim()
    .max(MAX_ANSWER_MESSAGE, `Keep the message under ${MAX_ANSWER_MESSAGE} characters`)
    .default(''),
});
export type QuoteAnswerBody = z.input<typeof QuoteAnswerBody>;

export const QuoteParams = z.object({ id: Id });

/** Where a quote stands: asked, answered with prices, accepted (an order), or past its date. */
export const QuoteStatus = z.enum(['requested', 'answered', 'accepted', 'expired']);
export type QuoteStatus = z.infer<typeof QuoteStatus>;

/** One line of a quote: the part as it was asked about, and the quoted unit price once answered. */
export const QuoteLine = z.object({
  partId: Id.nullable(),
  name: z.string(),
  image: z.string(),
  quantity: z.number().int(),
  /** The catalogue's unit price for this quantity when it was asked, in dollars. */
  listPrice: z.number(),
  /**
   * The unit price the requester's company pays today for this part and quantity under its price
   * list (decision 064), never above `listPrice`, in dollars; null when their company has no list
   * pricing the part, the part is gone, or the quote is accepted. What the quote charges is
   * `unitPrice`, the admin's answer.
   */
  companyPrice: z.number().nullable().default(null),
  /** The quoted unit price, in dollars; null until answered. */
  unitPrice: z.number().nullable(),
  /** unitPrice x quantity; null until answered. */
  total: z.number().nullable(),
});
export type QuoteLine = z.input<typeof QuoteLine>;

/** A quote (GET /api/quotes): the request, the answer once given, the order once accepted. */
export const Quote = z.object({
  _id: Id,
  /** Q-<number>, for people (mails, the pages). */
  number: z.string(),
  status: QuoteStatus,
  userEmail: z.string(),
  userName: z.string(),
  message: z.string(),
  lines: z.array(QuoteLine),
  /** The sum of the quoted lines, in dollars; null until answered. */
  total: z.number().nullable(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
  /** The admin's message to the customer with the answer; empty when none (or not answered). */
  answerMessage: z.string().default(''),
  /** The end of the last day the quoted prices hold (ISO date-time); null until answered. */
  validUntil: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  /** The order the accepted quote became. */
  orderId: Id.nullable(),
});
export type Quote = z.input<typeof Quote>;

/** POST /api/quotes/:id/accept: the quoted parts become an order, shipped to this address. */
export { CheckoutBody as QuoteAcceptBody } from './cart.ts';
