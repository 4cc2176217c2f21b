import * as z from './zod-subset.ts';
import { Id } from './common.ts';
import { ShopImage } from './uploads.ts';

/** A part (the spec also says "tool"). Prices travel as dollars; the database keeps cents. */
export const Part = z.object({
  _id: Id,
  name: z.string(),
  image: z.string(),
  description: z.string(),
  price: z.number().nonnegative(),
  availableQuantity: z.number().int().nonnegative(),
  minOrderQuantity: z.number().int().positive(),
});
export type Part = z.infer<typeof Part>;

export const PartList = z.array(Part);

export const PART_PAGE_DEFAULT = 24;
export const PART_PAGE_MAX = 100;

/**
 * Keyset pagination: `cursor` is the opaque value of the X-Next-Cursor header of the previous
 * page. The total count is in X-Total-Count.
 */
export const PartListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(PART_PAGE_MAX).default(PART_PAGE_DEFAULT),
  cursor: z
    .string()
    .regex(/^[0-9]{1,15}$/, 'Not a valid cursor')
    .optional(),
  q: z.string().trim().max(100, 'Search text is too long').optional(),
});
export type PartListQuery = z.input<typeof PartListQuery>;

/**
 * A price in dollars on every write: at least $0.01, in whole cents (the database keeps
 * integer cents and refuses less than one with a CHECK).
 */
export const PriceField = z.coerce
  .number({ message: 'Price is Required' })
  .min(0.01, 'Price must be at least $0.01')
  .max(1_000_000, 'Price is too high')
  .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, 'Price has at most 2 decimals');

/** POST /api/addParts: an admin puts a new part in the shop. */
export const AddPartBody = z
  .object({
    name: z
      .string({ message: 'Product name is Required' })
      .trim()
      .min(1, 'Product name is Required')
      .max(150),
    description: z
      .string({ message: 'Description is Required' })
      .trim()
      .min(1, 'Description is Required')
      .max(2000),
    availableQuantity: z.coerce
      .number({ message: 'Available quantity is Required' })
      .int('Available quantity must be a whole number')
      .min(0, 'Available quantity cannot be negative')
      .max(10_000_000),
    minOrderQuantity: z.coerce
      .number({ message: 'Minimum quantity is Required' })
      .int('Minimum quantity must be a whole number')
      .min(1, 'Minimum quantity must be at least 1')
      .max(10_000_000),
    price: PriceField,
    image: ShopImage,
  })
  .refine((p) => p.minOrderQuantity <= p.availableQuantity || p.availableQuantity === 0, {
    message: 'Minimum quantity cannot be more than the available quantity',
    path: ['minOrderQuantity'],
  });
export type AddPartBody = z.input<typeof AddPartBody>;

/** PATCH /api/tools/:id: an admin corrects the stock and/or the price. */
export const UpdatePartBody = z
  .object({
    availableQuantity: z.coerce
      .number()
      .int('Stock must be a whole number')
      .min(0, 'Stock cannot be negative')
      .max(10_000_000)
      .optional(),
    price: PriceField.optional(),
  })
  .refine(
    (b) => b.availableQuantity !== undefined || b.price !== undefined,
    'Change the stock or the price',
  );
export type UpdatePartBody = z.input<typeof UpdatePartBody>;

export { PART_HEADERS } from './constants.ts';
