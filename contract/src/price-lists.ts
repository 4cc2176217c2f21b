import * as z from './zod-subset.ts';
import { Id } from './common.ts';

/**
 * Price lists (issue 49): shop admins keep them; a company has at most one (PUT
 * /api/admin/companies/:id `priceListId`). A fixed unit price per part, or a percentage off per
 * category, valid between two days (inclusive, either open). Money in dollars.
 */
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD');

export const PriceListPrice = z.object({
  partId: Id,
  price: z
    .number({ message: 'A price must be a number' })
    .min(0.01, 'A price is at least $0.01')
    .max(1_000_000, 'A price is at most $1,000,000'),
});
export const PriceListDiscount = z.object({
  category: z.string().min(1).max(60),
  percent: z
    .number({ message: 'A discount must be a number' })
    .gt(0, 'A discount is more than 0%')
    .lt(100, 'A discount is less than 100%'),
});

/** POST /api/admin/price-lists and PUT /api/admin/price-lists/:id (a PUT replaces what it sends). */
export const PriceListBody = z.object({
  name: z.string().trim().min(1, 'Give the price list a name').max(100),
  prices: z.array(PriceListPrice).max(10_000).optional(),
  discounts: z.array(PriceListDiscount).max(500).optional(),
  validFrom: Day.nullable().optional(),
  validUntil: Day.nullable().optional(),
});
export type PriceListBody = z.input<typeof PriceListBody>;

export const PriceList = z.object({
  _id: Id,
  name: z.string(),
  prices: z.array(
    PriceListPrice.extend({ sku: z.string().nullable(), name: z.string(), listPrice: z.number() }),
  ),
  discounts: z.array(PriceListDiscount.extend({ categoryName: z.string() })),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  /** The companies that buy on it. */
  companies: z.array(z.object({ _id: Id, name: z.string() })),
  updatedAt: z.string(),
});
export type PriceList = z.infer<typeof PriceList>;
export const PriceListList = z.array(PriceList);
