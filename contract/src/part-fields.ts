import * as z from './zod-subset.ts';

/** The longest lead time a part can be given: a year. */
export const LEAD_TIME_DAYS_MAX = 365;

/**
 * A price in dollars on every write: at least $0.01, in whole cents (the database keeps
 * integer cents and refuses less than one with a CHECK).
 */
export const PriceField = z.coerce
  .number({ message: 'Price is Required' })
  .min(0.01, 'Price must be at least $0.01')
  .max(1_000_000, 'Price is too high')
  .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, 'Price has at most 2 decimals');

/** A part's low-stock threshold on a write; left out, twice its minimum order. */
export const LowStockThresholdField = z.coerce
  .number({ message: 'The low-stock alert must be a number' })
  .int('The low-stock alert must be a whole number')
  .min(0, 'The low-stock alert cannot be negative')
  .max(10_000_000, 'The low-stock alert is too high');

/** A part's lead time on a write: whole days, 0 to LEAD_TIME_DAYS_MAX. */
export const LeadTimeDaysField = z.coerce
  .number({ message: 'The lead time must be a number of days' })
  .int('The lead time must be a whole number of days')
  .min(0, 'The lead time cannot be negative')
  .max(LEAD_TIME_DAYS_MAX, `The lead time is at most ${LEAD_TIME_DAYS_MAX} days`);

/** The heaviest a part can weigh: a tonne, in grams. */
export const WEIGHT_GRAMS_MAX = 1_000_000;

/** A part's shipping weight on a write: whole grams (by-weight shipping methods); 0, none. */
export const WeightGramsField = z.coerce
  .number({ message: 'The weight must be a number of grams' })
  .int('The weight must be a whole number of grams')
  .min(0, 'The weight cannot be negative')
  .max(WEIGHT_GRAMS_MAX, `The weight is at most ${WEIGHT_GRAMS_MAX.toLocaleString('en-US')} g`);

/** A category's short name: lowercase words of letters and digits joined by hyphens. */
export const CATEGORY_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A category's short name in URLs and on parts: `memory`, `power-supplies`. */
export const CategorySlug = z
  .string({ message: 'Choose a category' })
  .regex(CATEGORY_SLUG, 'Not a valid category')
  .max(60, 'Not a valid category');

/** A product's name, as Add Product and the editor take it. */
export const PartName = z
  .string({ message: 'Product name is Required' })
  .trim()
  .min(1, 'Product name is Required')
  .max(150);

export const PartDescription = z
  .string({ message: 'Description is Required' })
  .trim()
  .min(1, 'Description is Required')
  .max(2000);

export const AvailableQuantityField = z.coerce
  .number({ message: 'Available quantity is Required' })
  .int('Available quantity must be a whole number')
  .min(0, 'Available quantity cannot be negative')
  .max(10_000_000);

export const MinOrderQuantityField = z.coerce
  .number({ message: 'Minimum quantity is Required' })
  .int('Minimum quantity must be a whole number')
  .min(1, 'Minimum quantity must be at least 1')
  .max(10_000_000);
