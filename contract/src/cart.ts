import * as z from './zod-subset.ts';
import { ApiError, Id } from './common.ts';
import { AddressField, PhoneField, QuantityField } from './orders.ts';
import { PriceBreak } from './parts.ts';

/** How many different parts a cart may hold. */
export const MAX_CART_LINES = 50;

/** PUT /api/cart/lines/:partId: sets the line's quantity (adds the line when it is new). */
export const CartLineBody = z.object({ quantity: QuantityField });
export type CartLineBody = z.input<typeof CartLineBody>;

export const CartLineParams = z.object({ partId: Id });

/**
 * One line of a cart, read with the part as it is now: its unit price for the line's quantity
 * (volume prices apply), its stock and minimum. `problem` says why the line cannot be bought as it
 * stands (the part was removed, too few in stock, below the minimum order), else null.
 */
export const CartLine = z.object({
  partId: Id,
  /** The part number (PS-CPU-000123). */
  sku: z.string(),
  name: z.string(),
  image: z.string(),
  /** The unit price that applies to this quantity, in dollars. */
  price: z.number(),
  /** The part's base unit price (before volume prices), in dollars. */
  basePrice: z.number(),
  priceBreaks: z.array(PriceBreak),
  quantity: z.number().int(),
  /** price x quantity, in dollars. */
  total: z.number(),
  minOrderQuantity: z.number().int(),
  availableQuantity: z.number().int(),
  problem: z.string().nullable(),
});
export type CartLine = z.input<typeof CartLine>;

/** GET /api/cart (and the answer of every change to it). */
export const Cart = z.object({
  lines: z.array(CartLine),
  /** Units in the cart (the top bar's count). */
  count: z.number().int(),
  /** The sum of the line totals, in dollars. */
  total: z.number(),
});
export type Cart = z.input<typeof Cart>;

/** POST /api/checkout: the cart becomes one order, shipped to this address. */
export const CheckoutBody = z.object({ address: AddressField, phone: PhoneField });
export type CheckoutBody = z.input<typeof CheckoutBody>;

/** A refused checkout (409, 422) names the lines that cannot be served, and why. */
export const CheckoutProblem = ApiError.extend({
  lines: z
    .array(z.object({ partId: Id.nullable(), name: z.string(), problem: z.string() }))
    .default([]),
});
export type CheckoutProblem = z.input<typeof CheckoutProblem>;
