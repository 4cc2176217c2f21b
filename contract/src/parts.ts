import * as z from './zod-subset.ts';
import { Id } from './common.ts';
import { ShopImage } from './uploads.ts';
import { PriceBreak, PriceBreaks, priceBreakBaseIssues } from './price-breaks.ts';
import {
  AvailableQuantityField,
  CategorySlug,
  LEAD_TIME_DAYS_MAX,
  LeadTimeDaysField,
  LowStockThresholdField,
  MinOrderQuantityField,
  PartDescription,
  PartName,
  PriceField,
  WeightGramsField,
} from './part-fields.ts';

// A part's volume prices are in price-breaks.ts, the fields of its bodies in part-fields.ts;
// they are exported from here too, where their importers take them.
export * from './price-breaks.ts';
export * from './part-fields.ts';

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
