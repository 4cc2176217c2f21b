import * as z from './zod-subset.ts';

/** How many parts below their threshold the overview lists at most (the emptiest first). */
export const LOW_STOCK_LISTED = 100;

/** The spans the admin overview shows, in days up to today (UTC). */
export const SALES_SPANS = ['30', '90'] as const;
export type SalesSpan = (typeof SALES_SPANS)[number];

/** GET /api/admin/sales?days=30|90 */
export const SalesQuery = z.object({ days: z.enum(SALES_SPANS).default('30') });
export type SalesQuery = z.input<typeof SalesQuery>;

/** One UTC day: the paid orders placed that day and their revenue in dollars. */
export const SalesDay = z.object({
  day: z.string(),
  revenue: z.number().nonnegative(),
  orders: z.number().int().nonnegative(),
});
export type SalesDay = z.infer<typeof SalesDay>;

export const TopPart = z.object({
  /** null when the part was deleted for good (orders keep their own copy of its name). */
  partId: z.string().nullable(),
  name: z.string(),
  revenue: z.number().nonnegative(),
  quantity: z.number().int().nonnegative(),
});
export type TopPart = z.infer<typeof TopPart>;

export const LowStockPart = z.object({
  _id: z.string(),
  name: z.string(),
  availableQuantity: z.number().int().nonnegative(),
  lowStockThreshold: z.number().int().nonnegative(),
});
export type LowStockPart = z.infer<typeof LowStockPart>;

/**
 * The shop's numbers over the orders placed in the last `days` UTC days (today included):
 * revenue of the paid ones by day (every day present, zero when none), the orders by state, the
 * five parts that brought the most, the average paid order; and the parts below their low-stock
 * threshold now. Money in dollars. Revenue is the parts sold (the orders' subtotals); the
 * shipping charged and the sales tax collected on the same orders are `shipping` and `tax`.
 */
export const Sales = z.object({
  days: z.number().int().positive(),
  /** The first and the last day (YYYY-MM-DD, UTC). */
  from: z.string(),
  to: z.string(),
  revenue: z.number().nonnegative(),
  shipping: z.number().nonnegative().default(0),
  tax: z.number().nonnegative().default(0),
  /** Paid and not refunded: the orders the revenue is of. */
  paidOrders: z.number().int().nonnegative(),
  averageOrderValue: z.number().nonnegative(),
  revenueByDay: z.array(SalesDay),
  /** Each order placed in the span in one state; a refunded or expired one is in none. */
  ordersByState: z.object({
    /** Waiting for its payment: not paid and not on a company's account. */
    unpaid: z.number().int().nonnegative(),
    /**
     * To ship (Manage Orders' `to-ship`): paid, or invoiced on a company's payment terms, and
     * not shipped yet.
     */
    paid: z.number().int().nonnegative(),
    shipped: z.number().int().nonnegative(),
  }),
  topParts: z.array(TopPart),
  lowStock: z.array(LowStockPart),
  /**
   * Now, whatever the span (issue 49): what the invoices on payment terms still owe (their totals
   * less the payments recorded), and of that what is past its due date, with how many invoices.
   */
  receivables: z
    .object({
      outstanding: z.number().nonnegative(),
      overdue: z.number().nonnegative(),
      openInvoices: z.number().int().nonnegative(),
      overdueInvoices: z.number().int().nonnegative(),
    })
    .default({ outstanding: 0, overdue: 0, openInvoices: 0, overdueInvoices: 0 }),
});
/** The input type: `shipping`, `tax` and `receivables` may be left out (an older server's answer). */
export type Sales = z.input<typeof Sales>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (what: string) =>
  z
    .string()
    .regex(DAY, `${what} must be a date (YYYY-MM-DD)`)
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), `${what} is not a real date`)
    .optional();

/**
 * GET /api/allPurchases.csv?from=&to=: the orders placed from `from` to `to` (UTC days, both
 * included; either may be left out), oldest first.
 */
export const OrdersCsvQuery = z
  .object({ from: day('From'), to: day('To') })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'From must not be after To',
    path: ['to'],
  });
export type OrdersCsvQuery = z.input<typeof OrdersCsvQuery>;

const waiting = z.number().int().nonnegative();

/**
 * GET /api/admin/waiting: what waits for the shop's staff now, each counted as the list it
 * leads to finds it: the paid orders not shipped (Manage Orders' "paid" state), the quote
 * requests not answered (Manage Quotes' "requested"), the contact messages not marked handled
 * (Messages' "new"), the invoices on terms past their due date, and the parts below their
 * low-stock alert (the overview's low stock).
 */
export const AdminWaiting = z.object({
  ordersToShip: waiting,
  quotesToAnswer: waiting,
  newMessages: waiting,
  overdueInvoices: waiting,
  lowStockParts: waiting,
});
export type AdminWaiting = z.infer<typeof AdminWaiting>;

/**
 * GET /api/waiting: what waits for a signed-in customer now, the dashboard's first screen for
 * them: `ordersToPay` their card orders that can be paid now (not paid, expired, awaiting an
 * approver or declined, with something to pay: `payableByCard` in order-views.ts, what shows My
 * Orders' Pay button), `quotesToAccept` their answered quotes still valid (My Quotes' Accept),
 * `invoicesToPay` their orders on account (invoiced on payment terms, not paid yet: `onAccount`)
 * and `invoicesOverdue` those of them past their due date, and `ordersToApprove` the orders of
 * their company waiting for an approver: null unless they approve its orders (its owner, admins
 * and approvers).
 */
export const CustomerWaiting = z.object({
  ordersToPay: waiting,
  quotesToAccept: waiting,
  invoicesToPay: waiting,
  invoicesOverdue: waiting,
  ordersToApprove: waiting.nullable(),
});
export type CustomerWaiting = z.infer<typeof CustomerWaiting>;
