import * as z from './zod-subset.ts';
import { Role } from './auth.ts';
import { Id } from './common.ts';
import { ContactMessage } from './contact.ts';
import { CataloguePart } from './catalogue.ts';
import { CarrierField, Order } from './orders.ts';
import { Quote, QuoteStatus } from './quotes.ts';
import { AdminReview } from './reviews.ts';
import { UserSummary } from './users.ts';

/**
 * The admins' tables (issue 48): GET /api/admin/parts, /orders, /users, /quotes and /reviews (and
 * /messages, the contact form's),
 * each paged on the server by keyset, with a search (`q`), filters and a sort, newest first by
 * default. The spec's own calls (GET /api/tools, /api/allPurchases, /api/users, ...) keep their
 * answers; these are beside them.
 */

/** Rows per page of an admin table, unless the query asks for another (at most ADMIN_LIST_MAX). */
export const ADMIN_LIST_DEFAULT = 25;

/**
 * The most orders' packing slips one file holds (GET /api/admin/orders/packing-slips.pdf, and the
 * pick list's), and the most orders shipped at once (POST /api/admin/orders/ship).
 */
export const PACKING_SLIPS_MOST = 100;

/**
 * GET /api/admin/orders/packing-slips.pdf and /pick-list.pdf: `ids` (order ids separated by
 * commas) picks the orders; without it, every order to ship, the longest waiting first.
 */
export const ToShipFilesQuery = z.object({
  ids: z
    .string()
    .regex(
      /^[0-9a-fA-F-]{36}(,[0-9a-fA-F-]{36})*$/,
      'Give the orders as their ids separated by commas',
    )
    .refine(
      (ids) => ids.split(',').length <= PACKING_SLIPS_MOST,
      `A file holds at most ${PACKING_SLIPS_MOST} orders`,
    )
    .optional(),
});
export type ToShipFilesQuery = z.input<typeof ToShipFilesQuery>;

/** POST /api/admin/orders/ship: the selected orders shipped together, all of them or none. */
export const BulkShipBody = z.object({
  ids: z
    .array(Id)
    .min(1, 'Select at least one order')
    .max(PACKING_SLIPS_MOST, `Ship at most ${PACKING_SLIPS_MOST} orders at a time`),
  carrier: CarrierField,
});
export type BulkShipBody = z.input<typeof BulkShipBody>;
/** How many were shipped now, and how many had been already (left as they were). */
export const BulkShipAnswer = z.object({
  shipped: z.number().int().nonnegative(),
  alreadyShipped: z.number().int().nonnegative(),
});
export type BulkShipAnswer = z.infer<typeof BulkShipAnswer>;
export const ADMIN_LIST_MAX = 100;

/**
 * The next page's place in the sort: opaque to clients (base64url of the sort's name, the last
 * row's sort value and its unique tiebreaker), checked by the server, which answers 400 for one
 * it did not make or made for another sort. A name or an e-mail can be in it: hence the length.
 */
export const AdminCursor = z
  .string()
  .max(2048, 'Not a valid cursor')
  .regex(/^[A-Za-z0-9_-]+$/, 'Not a valid cursor');

/** A yes/no filter in a query string. */
export const QueryFlag = z
  .enum(['true', 'false', '1', '0'], { message: 'Use true or false' })
  .transform((v) => v === 'true' || v === '1');

/** A day (YYYY-MM-DD) in a query string; `from` counts from its start, `to` to its end (UTC). */
export const QueryDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD');

const listQuery = {
  q: z.string().trim().max(100, 'A search has at most 100 characters').optional(),
  cursor: AdminCursor.optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_LIST_MAX).default(ADMIN_LIST_DEFAULT),
};

/** The answer of every admin table: a page, the next page's cursor (null on the last), the count. */
export const adminPage = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    nextCursor: z.string().nullable(),
    /** How many rows the whole filtered list has. */
    total: z.number().int().nonnegative(),
  });
export interface AdminPage<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}

// Parts: q finds a name, part number or description; newest first.
export const ADMIN_PART_SORTS = [
  'newest',
  'oldest',
  'name',
  'price-asc',
  'price-desc',
  'stock-asc',
] as const;
export const ADMIN_STOCK_STATES = ['in', 'low', 'out'] as const;
export const AdminPartsQuery = z.object({
  ...listQuery,
  category: z.string().max(60).optional(),
  /** in: at or above its low-stock level; low: below it but some; out: none. */
  stock: z.enum(ADMIN_STOCK_STATES).optional(),
  listed: QueryFlag.optional(),
  sort: z.enum(ADMIN_PART_SORTS).default('newest'),
});
export type AdminPartsQuery = z.input<typeof AdminPartsQuery>;
/** A row of Manage Products: the part as its page shows it, with whether it is listed. */
export const AdminPartRow = CataloguePart.extend({
  listed: z.boolean(),
  weightGrams: z.number().int().nonnegative().default(0),
  createdAt: z.string(),
});
export type AdminPartRow = z.infer<typeof AdminPartRow>;
export const AdminPartsPage = adminPage(AdminPartRow);

// Orders: q finds an order number, a buyer's e-mail or name, a part's name or number.
export const ADMIN_ORDER_SORTS = ['newest', 'oldest', 'total-desc', 'total-asc'] as const;
/**
 * Where an order stands, one state each: unpaid (open, not expired), expired, paid (not shipped
 * yet), shipped, refunded (whether shipped or not). Beside them `to-ship`, the packers' queue:
 * the paid orders not shipped and the orders on a company's account (invoiced on payment terms,
 * paid later) not shipped, neither refunded. `paid` filters on the payment alone.
 */
export const ADMIN_ORDER_STATES = [
  'unpaid',
  'paid',
  'shipped',
  'refunded',
  'expired',
  'to-ship',
] as const;
export const AdminOrdersListQuery = z.object({
  ...listQuery,
  status: z.enum(ADMIN_ORDER_STATES).optional(),
  paid: QueryFlag.optional(),
  from: QueryDay.optional(),
  to: QueryDay.optional(),
  sort: z.enum(ADMIN_ORDER_SORTS).default('newest'),
});
export type AdminOrdersListQuery = z.input<typeof AdminOrdersListQuery>;
export type AdminOrderState = (typeof ADMIN_ORDER_STATES)[number];
export const AdminOrdersPage = adminPage(Order);

// Users: q finds an e-mail or a name.
export const ADMIN_USER_SORTS = ['newest', 'oldest', 'email', 'name'] as const;
export const AdminUsersQuery = z.object({
  ...listQuery,
  role: Role.optional(),
  sort: z.enum(ADMIN_USER_SORTS).default('newest'),
});
export type AdminUsersQuery = z.input<typeof AdminUsersQuery>;
export const AdminUsersPage = adminPage(UserSummary);

// Quotes: q finds a quote number (Q-000123), a buyer's e-mail or name, a part's name.
export const ADMIN_QUOTE_SORTS = ['newest', 'oldest'] as const;
export const AdminQuotesQuery = z.object({
  ...listQuery,
  state: QuoteStatus.optional(),
  sort: z.enum(ADMIN_QUOTE_SORTS).default('newest'),
});
export type AdminQuotesQuery = z.input<typeof AdminQuotesQuery>;
export const AdminQuotesPage = adminPage(Quote);

// Reviews: q finds the reviewer's name or the review's words.
export const ADMIN_REVIEW_SORTS = ['newest', 'oldest', 'rating-asc', 'rating-desc'] as const;
export const AdminReviewsQuery = z.object({
  ...listQuery,
  hidden: QueryFlag.optional(),
  sort: z.enum(ADMIN_REVIEW_SORTS).default('newest'),
});
export type AdminReviewsQuery = z.input<typeof AdminReviewsQuery>;
export const AdminReviewsPage = adminPage(AdminReview);

// Messages (the contact form's): q finds the sender's address, the subject or the message.
export const ADMIN_MESSAGE_SORTS = ['newest', 'oldest'] as const;
export const AdminMessagesQuery = z.object({
  ...listQuery,
  handled: QueryFlag.optional(),
  sort: z.enum(ADMIN_MESSAGE_SORTS).default('newest'),
});
export type AdminMessagesQuery = z.input<typeof AdminMessagesQuery>;
export const AdminMessagesPage = adminPage(ContactMessage);

/** The most parts one bulk action changes (the table's selection). */
export const ADMIN_BULK_MAX = 500;

/**
 * What a bulk action does to each selected part: change its price (and its volume prices) by a
 * percentage, set its stock, list it or unlist it.
 */
export const BulkPartAction = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('price-percent'),
    /** -10: 10% off; 25: 25% more. Prices are rounded to cents, never below $0.01. */
    percent: z
      .number({ message: 'Give the change as a percentage' })
      .min(-90, 'A price can go down by 90% at most')
      .max(1000, 'A price can go up by 1000% at most')
      .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, {
        message: 'A percentage has at most 2 decimals',
      }),
  }),
  z.object({
    kind: z.literal('set-stock'),
    quantity: z
      .number({ message: 'Give the stock as a number' })
      .int('Stock must be a whole number')
      .min(0, 'Stock cannot be negative')
      .max(10_000_000, 'Stock is at most 10,000,000'),
  }),
  z.object({ kind: z.literal('list') }),
  z.object({ kind: z.literal('unlist') }),
]);
export type BulkPartAction = z.infer<typeof BulkPartAction>;

/** POST /api/admin/parts/bulk: one action on the selected parts, all of them or none. */
export const AdminPartsBulkBody = z.object({
  ids: z
    .array(Id)
    .min(1, 'Select at least one part')
    .max(ADMIN_BULK_MAX, `Select at most ${ADMIN_BULK_MAX} parts at a time`),
  action: BulkPartAction,
});
export type AdminPartsBulkBody = z.input<typeof AdminPartsBulkBody>;
/** How many parts the action changed (every selected one: a missing part refuses them all). */
export const AdminPartsBulkAnswer = z.object({ updated: z.number().int().nonnegative() });
export type AdminPartsBulkAnswer = z.infer<typeof AdminPartsBulkAnswer>;
