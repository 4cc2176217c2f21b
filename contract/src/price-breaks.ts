import * as z from './zod-subset.ts';
import { PRICE_BREAKS_MAX } from './constants.ts';

/**
 * Dollars to cents, as pricing.ts's toCents: written here too so the answer schemas (loaded at
 * start) do not share a chunk with the purchase page's pricing.
 */
const toCents = (dollars: number) => Math.round(dollars * 100);

/** A break as a part answer carries it: from `minQuantity` units on, each costs `price` dollars. */
export const PriceBreak = z.object({
  minQuantity: z.number().int().positive(),
  price: z.number().nonnegative(),
});
export type PriceBreak = z.infer<typeof PriceBreak>;

export { PRICE_BREAKS_MAX };

const money = (dollars: number) => `$${dollars.toFixed(2)}`;

/**
 * A message that names its break ("Break 2: …"). zod composes messages once the whole value is
 * parsed, when the issue's path is complete: its last number is the break's index, whether the
 * breaks were parsed alone or inside a part's body.
 */
const inBreak = (text: string) => ({
  error: (issue: { path?: PropertyKey[] }) => {
    const index = (issue.path ?? []).findLast((key) => typeof key === 'number');
    return typeof index === 'number' ? `Break ${index + 1}: ${text}` : text;
  },
});

/** One price break on a write: a quantity and the unit price in dollars from that quantity on. */
export const PriceBreakInput = z.object({
  minQuantity: z.coerce
    .number(inBreak('enter the quantity it starts from'))
    .int(inBreak('its quantity must be a whole number'))
    .min(2, inBreak('its quantity must be at least 2'))
    .max(10_000_000, inBreak('its quantity is too high')),
  price: z.coerce
    .number(inBreak('enter its unit price'))
    .min(0.01, inBreak('its unit price must be at least $0.01'))
    .max(1_000_000, inBreak('its unit price is too high'))
    .refine(
      (p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6,
      inBreak('its unit price has at most 2 decimals'),
    ),
});
export type PriceBreakInput = z.input<typeof PriceBreakInput>;

/** A problem with a part's breaks, where a form shows it: `path` is below `priceBreaks`. */
export interface PriceBreakIssue {
  path: (string | number)[];
  message: string;
}

const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/** Each break must start at a higher quantity and sell cheaper than the one before. */
export function priceBreakOrderIssues(
  breaks: readonly { minQuantity: number; price: number }[],
): PriceBreakIssue[] {
  const issues: PriceBreakIssue[] = [];
  breaks.forEach((b, i) => {
    const before = breaks[i - 1];
    if (!before) return;
    if (finite(b.minQuantity) && finite(before.minQuantity) && b.minQuantity <= before.minQuantity)
      issues.push({
        path: [i, 'minQuantity'],
        message: `Break ${i + 1}: its quantity must be higher than break ${i}'s (${before.minQuantity})`,
      });
    // Compared in cents: 8.9 and 8.90 are the same price.
    if (finite(b.price) && finite(before.price) && toCents(b.price) >= toCents(before.price))
      issues.push({
        path: [i, 'price'],
        message: `Break ${i + 1}: its unit price must be lower than break ${i}'s (${money(before.price)})`,
      });
  });
  return issues;
}

/**
 * The breaks against the part they belong to: the first break (so, with the order above, every
 * break) starts above the minimum order and sells below the base price. A missing or invalid
 * base value is not compared (its own field reports it).
 */
export function priceBreakBaseIssues(
  breaks: readonly { minQuantity: number; price: number }[],
  part: { price?: number; minOrderQuantity?: number },
): PriceBreakIssue[] {
  const first = breaks[0];
  if (!first) return [];
  const issues: PriceBreakIssue[] = [];
  const min = part.minOrderQuantity;
  if (finite(min) && finite(first.minQuantity) && first.minQuantity <= min)
    issues.push({
      path: [0, 'minQuantity'],
      message: `Break 1: its quantity must be higher than the minimum order quantity (${min})`,
    });
  const base = part.price;
  if (finite(base) && finite(first.price) && toCents(first.price) >= toCents(base))
    issues.push({
      path: [0, 'price'],
      message: `Break 1: its unit price must be lower than the base price (${money(base)})`,
    });
  return issues;
}

/**
 * A part's volume prices on a write: at most PRICE_BREAKS_MAX, each starting at a higher
 * quantity and selling cheaper than the one before. The body schemas check them against the
 * part's own price and minimum order (priceBreakBaseIssues).
 */
export const PriceBreaks = z
  .array(PriceBreakInput)
  .max(PRICE_BREAKS_MAX, `At most ${PRICE_BREAKS_MAX} volume prices`)
  .superRefine((breaks, ctx) => {
    for (const issue of priceBreakOrderIssues(breaks))
      ctx.addIssue({ code: 'custom', input: breaks, ...issue });
  });
export type PriceBreaks = z.input<typeof PriceBreaks>;

// The pricing functions are in ./pricing.ts (@partsmith/contract/pricing): no zod, and the
// zod answers here need none of them.
export { toCents };
