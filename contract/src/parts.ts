import { z } from 'zod';
import { Id } from './common.ts';

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

export { PART_HEADERS } from './constants.ts';
