import * as z from './zod-subset.ts';
import { Id } from './common.ts';
import { ShopImage } from './uploads.ts';
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

/** The longest lead time a part can be given: a year. */
export const LEAD_TIME_DAYS_MAX = 365;

/** A part (the spec also says "tool"). Prices travel as dollars; the database keeps cents. */
export const Part = z.object({
  _id: Id,
  /**
   * The part number (FRG-D5-6000-32K; a generated one reads PS-MEM-000012): unique, any case.
   * Always sent; an answer without it (a server before part numbers) reads as ''.
   */
  sku: z.string().default(''),
  name: z.string(),
  image: z.string(),
  description: z.string(),
  price: z.number().nonnegative(),
  availableQuantity: z.number().int().nonnegative(),
  minOrderQuantity: z.number().int().positive(),
  /**
   * Stock below this mails the admins once (the part's own, else twice its minimum order).
   * Absent from an older server's answer.
   */
  lowStockThreshold: z.number().int().nonnegative().optional(),
  /**
   * Volume prices, lowest quantity first; empty when one price holds for any quantity. Always
   * sent; an answer without it (an older server) reads as none.
   */
  priceBreaks: z.array(PriceBreak).default([]),
  /**
   * Days until more arrive, which the part's page shows while it is out of stock; null when not
   * known. Absent from an older server's answer.
   */
  leadTimeDays: z.number().int().min(0).max(LEAD_TIME_DAYS_MAX).nullable().optional(),
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

/** A part number: letters and digits in groups joined by single dashes (the database's check). */
export const SKU_PATTERN = /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/;
export const SKU_MAX = 40;
/**
 * The numbers the database makes for a part given none (PS-MEM-000012, from its seq): an admin's
 * own in this form could be made again for a later part, whose insert would then fail.
 */
const GENERATED_SKU = /^PS-[A-Z0-9]{1,3}-[0-9]{6,}$/i;
export const isGeneratedSku = (sku: string) => GENERATED_SKU.test(sku.trim());

/** A part number's form, whoever made it (the database's check). */
const SkuText = z
  .string({ message: 'A part number is text' })
  .trim()
  .min(1, 'Write the part number, or leave it out to have one made')
  .max(SKU_MAX, `A part number has at most ${SKU_MAX} characters`)
  .regex(
    SKU_PATTERN,
    'A part number is letters and digits, in groups joined by single dashes (FRG-D5-6000-32K)',
  );

/** Why an admin cannot give a part a number in the shop's own form. */
export const GENERATED_SKU_REFUSED =
  'Part numbers such as PS-MEM-000012 are made by the shop: leave it out to have one made';

/** A part number an admin gives (a new part without one gets PS-<CATEGORY>-<number>). */
export const PartSku = SkuText.refine((sku) => !isGeneratedSku(sku), GENERATED_SKU_REFUSED);

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

/** POST /api/addParts: an admin puts a new part in the shop. */
export const AddPartBody = z
  .object({
    name: PartName,
    description: PartDescription,
    availableQuantity: AvailableQuantityField,
    minOrderQuantity: MinOrderQuantityField,
    price: PriceField,
    image: ShopImage,
    lowStockThreshold: LowStockThresholdField.optional(),
    priceBreaks: PriceBreaks.default([]),
    /** Days until more arrive when it is out of stock; left out, not known. */
    leadTimeDays: LeadTimeDaysField.optional(),
    /** The category's slug (GET /api/categories); its attributes are checked against it. */
    category: CategorySlug.optional(),
    attributes: z.looseObject({}).optional(),
    /** Its part number; left out, the database makes one (the spec's form sends none). */
    sku: PartSku.optional(),
  })
  .refine((p) => p.minOrderQuantity <= p.availableQuantity || p.availableQuantity === 0, {
    message: 'Minimum quantity cannot be more than the available quantity',
    path: ['minOrderQuantity'],
  })
  .superRefine((p, ctx) => {
    for (const issue of priceBreakBaseIssues(p.priceBreaks, p))
      ctx.addIssue({ code: 'custom', input: p, ...issue, path: ['priceBreaks', ...issue.path] });
  });
export type AddPartBody = z.input<typeof AddPartBody>;

/**
 * PATCH /api/tools/:id: an admin corrects the stock, the price and/or the volume prices (the
 * whole list; [] removes them). Breaks sent with a price are checked against it here; the server
 * checks the part as it would be after the change against its minimum order and stored values.
 */
export const UpdatePartBody = z
  .object({
    availableQuantity: z.coerce
      .number()
      .int('Stock must be a whole number')
      .min(0, 'Stock cannot be negative')
      .max(10_000_000)
      .optional(),
    price: PriceField.optional(),
    /** null: back to the default, twice the minimum order. */
    lowStockThreshold: LowStockThresholdField.nullable().optional(),
    priceBreaks: PriceBreaks.optional(),
    /** null: the lead time is not known (the part's page then names none). */
    leadTimeDays: LeadTimeDaysField.nullable().optional(),
    /** A new category (its attributes then come too), or new attributes for the same one. */
    category: CategorySlug.optional(),
    attributes: z.looseObject({}).optional(),
  })
  .refine(
    (b) =>
      b.availableQuantity !== undefined ||
      b.price !== undefined ||
      b.priceBreaks !== undefined ||
      b.lowStockThreshold !== undefined ||
      b.leadTimeDays !== undefined ||
      b.category !== undefined ||
      b.attributes !== undefined,
    'Change the stock or the price',
  )
  .superRefine((b, ctx) => {
    if (!b.priceBreaks || b.price === undefined) return;
    for (const issue of priceBreakBaseIssues(b.priceBreaks, { price: b.price }))
      ctx.addIssue({ code: 'custom', input: b, ...issue, path: ['priceBreaks', ...issue.path] });
  });
export type UpdatePartBody = z.input<typeof UpdatePartBody>;

/** The fields of a part an admin can edit (PUT /api/parts/:id), in the editor's order. */
export const EDIT_PART_FIELDS = [
  'name',
  'description',
  'sku',
  'category',
  'attributes',
  'minOrderQuantity',
  'availableQuantity',
  'price',
  'priceBreaks',
  'lowStockThreshold',
  'leadTimeDays',
  'weightGrams',
  'image',
  'listed',
] as const;

/**
 * PUT /api/parts/:id (issue 48): an admin edits any of a part's fields; a field left out keeps
 * its value. The rules are Add Product's; the server checks the part as it will be (the stored
 * half and the sent half together): its breaks against its price and minimum order, a minimum
 * sent against its stock, its attributes against its category, a new part number against the
 * others (409). A part number in the shop's own form (PS-MEM-000012) is refused unless it is
 * the part's own, so an editor may send back the number it was given.
 */
export const EditPartBody = z
  .object({
    name: PartName.optional(),
    description: PartDescription.optional(),
    sku: SkuText.optional(),
    /** A new category (its attributes then come too), or new attributes for the same one. */
    category: CategorySlug.optional(),
    attributes: z.looseObject({}).optional(),
    minOrderQuantity: MinOrderQuantityField.optional(),
    availableQuantity: AvailableQuantityField.optional(),
    price: PriceField.optional(),
    /** The whole list; [] removes them. */
    priceBreaks: PriceBreaks.optional(),
    /** null: back to the default, twice the minimum order. */
    lowStockThreshold: LowStockThresholdField.nullable().optional(),
    /** null: the lead time is not known. */
    leadTimeDays: LeadTimeDaysField.nullable().optional(),
    weightGrams: WeightGramsField.optional(),
    /** A shop image, or an upload that must exist (POST /api/upload first). */
    image: ShopImage.optional(),
    /** false: out of the catalogue's list, search and suggestions; its page stays. */
    listed: z.boolean({ message: 'Listed is true or false' }).optional(),
  })
  .refine(
    (b) => EDIT_PART_FIELDS.some((field) => b[field] !== undefined),
    'Change at least one field of the part',
  )
  .superRefine((b, ctx) => {
    if (!b.priceBreaks) return;
    for (const issue of priceBreakBaseIssues(b.priceBreaks, b))
      ctx.addIssue({ code: 'custom', input: b, ...issue, path: ['priceBreaks', ...issue.path] });
  });
export type EditPartBody = z.input<typeof EditPartBody>;

export { PART_HEADERS } from './constants.ts';
// The pricing functions are in ./pricing.ts (@partsmith/contract/pricing): no zod, and the
// zod answers here need none of them.
export { toCents };
