import * as z from './zod-subset.ts';
import { EmailField } from './common.ts';

/**
 * POST /api/parts/:id/stock-alerts: "tell me when it is back". A signed-in customer sends `{}`
 * (or nothing) for their own address; a visitor sends `{ email }`, which counts once the link
 * mailed to it is followed.
 */
export const StockAlertBody = z.object({ email: EmailField.optional() });
export type StockAlertBody = z.input<typeof StockAlertBody>;

/** A visitor's form for it: the address is required there. */
export const StockAlertEmailForm = z.object({ email: EmailField });
export type StockAlertEmailForm = z.input<typeof StockAlertEmailForm>;

export const STOCK_ALERT_STATUSES = ['subscribed', 'confirmation_sent'] as const;
export type StockAlertStatus = (typeof STOCK_ALERT_STATUSES)[number];

/**
 * `subscribed`: the signed-in customer's own address is on the list. `confirmation_sent`: the
 * alert counts once the mailed link is followed (the same answer whether or not that address
 * asked before, so nobody learns who did).
 */
export const StockAlertAnswer = z.object({ status: z.enum(STOCK_ALERT_STATUSES) });
export type StockAlertAnswer = z.infer<typeof StockAlertAnswer>;

/**
 * The token of a mailed link: the confirmation link's (GET /api/stock-alerts/confirm), or the
 * cancel link's (DELETE /api/parts/:id/stock-alerts). Loose on purpose: a mangled link is
 * answered with the page that says so, not with a JSON error.
 */
export const StockAlertTokenQuery = z.object({ token: z.string().max(200).optional() });
export type StockAlertTokenQuery = z.input<typeof StockAlertTokenQuery>;

/**
 * What the part's page says after a mailed link (`?alert=`): confirmed or invalid (the
 * confirmation link), or `cancel` (the cancel link, which carries its `token`).
 */
export const STOCK_ALERT_OUTCOMES = ['confirmed', 'invalid', 'cancel'] as const;
export type StockAlertOutcome = (typeof STOCK_ALERT_OUTCOMES)[number];
