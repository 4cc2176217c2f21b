import * as z from './zod-subset.ts';
import { Id } from './common.ts';

// Quick order (issue 49): a business buyer puts parts in the cart by part number from a list, one
// "part number, quantity" per line, pasted or uploaded as a CSV file.

/** How many part lines one quick order reads (blank lines and a header line are not counted). */
export const QUICK_ORDER_MAX_LINES = 500;

/** The longest list one quick order takes: its text in characters, its CSV file in bytes. */
export const QUICK_ORDER_MAX_BYTES = 100 * 1024;

export const QUICK_ORDER_EMPTY = 'Enter at least one part number and quantity.';
export const QUICK_ORDER_TOO_MANY_LINES = `A quick order takes at most ${QUICK_ORDER_MAX_LINES} lines: split the list and add the rest next.`;
export const QUICK_ORDER_TOO_LARGE = `A quick order takes at most ${QUICK_ORDER_MAX_BYTES / 1024} kB of text: split the list and add the rest next.`;

/**
 * POST /api/cart/quick-order as JSON: the list as typed or pasted, one part per line, the part
 * number then the quantity, separated by a comma, a semicolon, a tab or spaces.
 */
export const QuickOrderBody = z.object({
  lines: z.string().max(QUICK_ORDER_MAX_BYTES, QUICK_ORDER_TOO_LARGE),
});
export type QuickOrderBody = z.input<typeof QuickOrderBody>;

/**
 * A part the quick order put in the cart: the line that named it first (counting from 1, as an
 * editor does), the part's number as the catalogue writes it, and the units added by the list
 * (a part named on several lines: their sum).
 */
export const QuickOrderAdded = z.object({
  line: z.number().int().positive(),
  sku: z.string(),
  partId: Id,
  name: z.string(),
  quantity: z.number().int().positive(),
});
export type QuickOrderAdded = z.infer<typeof QuickOrderAdded>;

/** A line the quick order did not add: the part number as written (may be empty), and why. */
export const QuickOrderProblem = z.object({
  line: z.number().int().positive(),
  sku: z.string(),
  reason: z.string(),
});
export type QuickOrderProblem = z.infer<typeof QuickOrderProblem>;

/**
 * What a quick order did: the lines it added to the cart and the ones it left out, each by line
 * (the good lines are added even when others have problems).
 */
export const QuickOrderAnswer = z.object({
  added: z.array(QuickOrderAdded),
  problems: z.array(QuickOrderProblem),
});
export type QuickOrderAnswer = z.infer<typeof QuickOrderAnswer>;
