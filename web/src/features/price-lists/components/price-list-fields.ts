import {
  PriceListBody,
  PriceListDiscount,
  PriceListPrice,
  type PriceList,
} from '@partsmith/contract/price-lists';
import type * as z from '@partsmith/contract/zod-subset';
import type { FoundPart } from '../api/price-lists.ts';
import { dayLabel } from '../../../lib/day-label.ts';

/** A discount row as it stands in its boxes. */
export interface DiscountRow {
  key: string;
  category: string;
  percent: string;
}

/** A fixed price row: the part chosen (null: none yet) and the price typed. */
export interface PriceRow {
  key: string;
  part: FoundPart | null;
  price: string;
}

/** The form's fields as they stand: dates '' when open. */
export interface PriceListFields {
  name: string;
  validFrom: string;
  validUntil: string;
  discounts: DiscountRow[];
  prices: PriceRow[];
}

let lastKey = 0;
/** A row's key, for React and for the ids of its controls. */
export const rowKey = () => `row${++lastKey}`;

export const emptyFields = (): PriceListFields => ({
  name: '',
  validFrom: '',
  validUntil: '',
  discounts: [],
  prices: [],
});

/** A saved list as the form shows it. */
export const fieldsOf = (list: PriceList): PriceListFields => ({
  name: list.name,
  validFrom: list.validFrom ?? '',
  validUntil: list.validUntil ?? '',
  discounts: list.discounts.map((discount) => ({
    key: rowKey(),
    category: discount.category,
    percent: String(discount.percent),
  })),
  prices: list.prices.map((price) => ({
    key: rowKey(),
    part: { _id: price.partId, sku: price.sku, name: price.name, price: price.listPrice },
    price: String(price.price),
  })),
});

/**
 * The messages of the fields that are not valid, by field: `name`, `validUntil`,
 * `<row key>-category`, `<row key>-percent`, `<row key>-part`, `<row key>-price`.
 */
export type FieldErrors = Record<string, string>;

/** A number typed in a box, NaN when it is not one (an empty box is not 0). */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/** The first message of a zod check of `value`, or undefined when it passes. */
function firstIssue(schema: z.ZodType, value: unknown, path: string): string | undefined {
  const checked = schema.safeParse(value);
  if (checked.success) return undefined;
  return checked.error.issues.find((issue) => issue.path[0] === path)?.message;
}

/**
 * The body of POST /api/admin/price-lists or PUT /api/admin/price-lists/:id from the form (the
 * whole list: a PUT replaces what it sends), or the messages of the fields that are not valid.
 */
export function priceListBody(
  fields: PriceListFields,
): { body: PriceListBody } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const name = fields.name.trim();
  const nameError = firstIssue(PriceListBody, { name }, 'name');
  if (nameError) errors.name = nameError;
  if (fields.validFrom && fields.validUntil && fields.validUntil < fields.validFrom) {
    errors.validUntil = 'The list cannot end before it starts';
  }

  const discounts: PriceListBody['discounts'] = [];
  const categories = new Set<string>();
  for (const row of fields.discounts) {
    if (!row.category) errors[`${row.key}-category`] = 'Choose a category';
    else if (categories.has(row.category))
      errors[`${row.key}-category`] = 'This category has a discount above already';
    categories.add(row.category);
    const percent = numberOf(row.percent);
    const percentError = firstIssue(PriceListDiscount, { category: 'x', percent }, 'percent');
    if (percentError) errors[`${row.key}-percent`] = percentError;
    discounts.push({ category: row.category, percent });
  }

  const prices: PriceListBody['prices'] = [];
  const parts = new Set<string>();
  for (const row of fields.prices) {
    if (!row.part) errors[`${row.key}-part`] = 'Find the part by its part number or name';
    else if (parts.has(row.part._id))
      errors[`${row.key}-part`] = 'This part has a price above already';
    if (row.part) parts.add(row.part._id);
    const price = numberOf(row.price);
    const priceError = firstIssue(PriceListPrice, { partId: row.part?._id, price }, 'price');
    if (priceError) errors[`${row.key}-price`] = priceError;
    if (row.part) prices.push({ partId: row.part._id, price });
  }

  if (Object.keys(errors).length > 0) return { errors };
  return {
    body: {
      name,
      validFrom: fields.validFrom || null,
      validUntil: fields.validUntil || null,
      discounts,
      prices,
    },
  };
}

/** When a list applies, for people: 'Always', 'From Mar 2, 2025', 'Mar 2 – Apr 1, 2025'… */
export function validityLabel(list: { validFrom: string | null; validUntil: string | null }) {
  const { validFrom, validUntil } = list;
  if (validFrom && validUntil) return `${dayLabel(validFrom)} to ${dayLabel(validUntil)}`;
  if (validFrom) return `From ${dayLabel(validFrom)}`;
  if (validUntil) return `Until ${dayLabel(validUntil)}`;
  return 'Always';
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** '2 fixed prices · 1 category discount'. */
export const contentLabel = (list: PriceList) =>
  `${plural(list.prices.length, 'fixed price', 'fixed prices')} · ${plural(
    list.discounts.length,
    'category discount',
    'category discounts',
  )}`;
