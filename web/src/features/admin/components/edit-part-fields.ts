import {
  LEAD_TIME_DAYS_MAX,
  PartDescription,
  PartName,
  PartSku,
  priceBreakBaseIssues,
  PriceBreaks,
  WeightGramsField,
  type AdminPart,
  type Category,
  type Part,
} from '@partsmith/contract';
import * as z from '@partsmith/contract/zod-subset';
import {
  blankAsMissing,
  priceBreakRows,
  type PriceBreakForm,
} from '../../../components/ui/price-breaks-fields.tsx';
import {
  sameAttributes,
  specificationFields,
  type Specification,
  type SpecificationForm,
} from '../../../components/ui/specification-fields.tsx';
import type { PartChanges } from '../api/update-part.ts';

const twoDecimals = (price: number) => Math.abs(price * 100 - Math.round(price * 100)) < 1e-6;

/** A box that must hold a number: empty is "missing" (not the 0 coercion makes). */
const requiredNumber = (required: string, number: z.ZodType<number, string>) =>
  z.string().trim().min(1, required).pipe(number);

/** A box whose emptiness means null (not known, or the default), sent as such. */
const optionalNumber = (number: z.ZodType<number, string>) =>
  z
    .string()
    .trim()
    .pipe(z.preprocess((text) => (text === '' ? null : text), number.nullable()));

/**
 * The editor's rules, the contract's (EditPartBody) for text boxes: an empty box is missing, a
 * price keeps at most two decimals (money is stored in cents), an empty weight is 0.
 */
export const EditPartFields = z.object({
  name: PartName,
  description: PartDescription,
  sku: z.string().trim(),
  minOrderQuantity: requiredNumber(
    'Minimum order is Required',
    z.coerce
      .number<string>({ message: 'Minimum order must be a number' })
      .int('Minimum order must be a whole number')
      .min(1, 'Minimum order must be at least 1')
      .max(10_000_000, 'Minimum order is too high'),
  ),
  availableQuantity: requiredNumber(
    'Stock is Required',
    z.coerce
      .number<string>({ message: 'Stock must be a number' })
      .int('Stock must be a whole number')
      .min(0, 'Stock cannot be negative')
      .max(10_000_000, 'Stock is too high'),
  ),
  price: requiredNumber(
    'Price is Required',
    z.coerce
      .number<string>({ message: 'Price must be a number' })
      .min(0.01, 'Price must be at least $0.01')
      .max(1_000_000, 'Price is too high')
      .refine(twoDecimals, 'Price has at most 2 decimals'),
  ),
  priceBreaks: z.preprocess(blankAsMissing, PriceBreaks),
  /** Empty: back to the default (twice the minimum order), sent as null. */
  lowStockThreshold: optionalNumber(
    z.coerce
      .number<string>({ message: 'The alert must be a number' })
      .int('The alert must be a whole number')
      .min(0, 'The alert cannot be negative')
      .max(10_000_000, 'The alert is too high'),
  ),
  /** Empty: not known, sent as null (the part's page then names no lead time). */
  leadTimeDays: optionalNumber(
    z.coerce
      .number<string>({ message: 'The lead time must be a number of days' })
      .int('The lead time must be a whole number of days')
      .min(0, 'The lead time cannot be negative')
      .max(LEAD_TIME_DAYS_MAX, `The lead time is at most ${LEAD_TIME_DAYS_MAX} days`),
  ),
  /** Empty: 0, no weight (by-weight shipping then counts none for it). */
  weightGrams: z
    .string()
    .trim()
    .pipe(z.preprocess((text) => (text === '' ? 0 : text), WeightGramsField)),
  image: z.string().min(1, 'Upload an image first'),
  listed: z.boolean(),
});

/** The text boxes' and controls' values. */
export interface EditPartInput extends SpecificationForm, PriceBreakForm {
  name: string;
  description: string;
  sku: string;
  minOrderQuantity: string;
  availableQuantity: string;
  price: string;
  lowStockThreshold: string;
  leadTimeDays: string;
  weightGrams: string;
  image: string;
  listed: boolean;
}
export type EditPartValues = z.output<typeof EditPartFields> & Partial<Specification>;

/** A stored part as the form's controls hold it. */
export const inputOf = (part: AdminPart): EditPartInput => ({
  name: part.name,
  description: part.description,
  sku: part.sku,
  minOrderQuantity: String(part.minOrderQuantity),
  availableQuantity: String(part.availableQuantity),
  price: String(part.price),
  priceBreaks: priceBreakRows(part.priceBreaks),
  lowStockThreshold: part.lowStockThreshold === undefined ? '' : String(part.lowStockThreshold),
  leadTimeDays: part.leadTimeDays == null ? '' : String(part.leadTimeDays),
  weightGrams: String(part.weightGrams),
  image: part.image,
  listed: part.listed,
  // Set once the categories are here (a select keeps no value it has no option for).
  category: '',
  attributes: {},
});

/**
 * EditPartFields for one stored part, with the rules that need the part as it will be (the
 * server checks the same): its breaks against the price and minimum order in the form, a new
 * minimum against the stock, a new part number by the contract's rule (its own, made by the
 * shop, may stay), and its attributes by the chosen category's schema (a part filed under a
 * category stays under one; before the categories load, they are left as they are).
 */
export const editPartFieldsFor = (
  stored: AdminPart,
  categories: readonly Category[] | undefined,
  hasCategory: boolean,
) =>
  z.intersection(
    EditPartFields.superRefine((values, ctx) => {
      const issue = (path: (string | number)[], message: string) =>
        ctx.addIssue({ code: 'custom', input: values, path, message });
      for (const problem of priceBreakBaseIssues(values.priceBreaks, values))
        issue(['priceBreaks', ...problem.path], problem.message);
      if (
        values.minOrderQuantity !== stored.minOrderQuantity &&
        values.availableQuantity > 0 &&
        values.minOrderQuantity > values.availableQuantity
      )
        issue(['minOrderQuantity'], 'Minimum order cannot be more than the stock');
      if (values.sku !== stored.sku) {
        const sku = PartSku.safeParse(values.sku);
        if (!sku.success) issue(['sku'], sku.error.issues[0]!.message);
      }
    }),
    specificationFields(categories, hasCategory),
  );

const sameBreaks = (a: Part['priceBreaks'], b: Part['priceBreaks']) =>
  a.length === b.length &&
  a.every((x, i) => x.minQuantity === b[i]!.minQuantity && x.price === b[i]!.price);

/** Only the fields whose values differ from the stored part's. */
export function changesOf(values: EditPartValues, stored: AdminPart): PartChanges {
  const body: PartChanges = {};
  const simple = [
    'name',
    'description',
    'sku',
    'minOrderQuantity',
    'availableQuantity',
    'price',
    'weightGrams',
    'image',
    'listed',
  ] as const;
  for (const key of simple)
    if (values[key] !== stored[key]) Object.assign(body, { [key]: values[key] });
  if (!sameBreaks(values.priceBreaks, stored.priceBreaks)) body.priceBreaks = values.priceBreaks;
  if (values.lowStockThreshold !== (stored.lowStockThreshold ?? null))
    body.lowStockThreshold = values.lowStockThreshold;
  if (values.leadTimeDays !== (stored.leadTimeDays ?? null))
    body.leadTimeDays = values.leadTimeDays;
  if (
    values.category &&
    values.attributes &&
    (values.category !== stored.category || !sameAttributes(values.attributes, stored.attributes))
  ) {
    body.category = values.category;
    body.attributes = values.attributes;
  }
  return body;
}
