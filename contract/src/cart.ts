import * as z from './zod-subset.ts';
import { ApiError, Id } from './common.ts';
import { Address } from './addresses.ts';
import { QuantityField } from './orders.ts';
import { PriceBreak } from './parts.ts';
import { ShippingOption, TaxLine } from './shipping.ts';

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

const AddressIdField = z.uuid({
  message: 'Choose a shipping address from your address book (addressId)',
});
const ShippingMethodField = z
  .uuid({ message: 'Choose one of the shipping methods offered (shippingMethod)' })
  .optional();

/**
 * POST /api/checkout/preview (the caller's cart) and POST /api/quotes/:id/preview (their answered
 * quote): what it comes to when shipped to an address of their address book by a method (the
 * cheapest when left out).
 */
export const CheckoutPreviewBody = z.object({
  addressId: AddressIdField,
  shippingMethod: ShippingMethodField,
});
export type CheckoutPreviewBody = z.input<typeof CheckoutPreviewBody>;

/**
 * POST /api/checkout: the cart becomes one order, shipped to an address of the caller's address
 * book by a method of its zone (the cheapest when left out), at the preview's total. With
 * `expectedTotal` (dollars, what the buyer saw), a total that changed in between (a price, a
 * rate, a shipping charge) answers 409 with the new preview instead of placing the order.
 */
export const CheckoutBody = z.object({
  addressId: AddressIdField,
  shippingMethod: ShippingMethodField,
  expectedTotal: z.number().min(0).optional(),
  /**
   * The buyer's purchase order number (issue 49): required when their company's terms say so;
   * shown on the order, its mails and its invoice.
   */
  poNumber: z
    .string()
    .trim()
    .max(40, 'A purchase order number has at most 40 characters')
    .regex(/^\P{Cc}*$/u, 'A purchase order number is one line of text')
    .optional()
    .transform((v) => (v ? v : undefined)),
  /**
   * `card` (the default): paid online after placing. `invoice`: for a company on payment terms,
   * placed and invoiced at once, due after its terms; within the company's credit limit.
   */
  payment: z.enum(['card', 'invoice']).optional(),
});
export type CheckoutBody = z.input<typeof CheckoutBody>;

/** One line of a priced order: its unit price for its quantity (or the quoted one), in dollars. */
export const PreviewLine = z.object({
  partId: Id,
  sku: z.string(),
  name: z.string(),
  image: z.string(),
  price: z.number(),
  quantity: z.number().int(),
  total: z.number(),
});
export type PreviewLine = z.input<typeof PreviewLine>;

/**
 * What an order comes to (money in dollars): its lines, their sum, the shipping methods of the
 * destination's zone priced for it (cheapest first), the chosen one and its charge, each sales
 * tax rate applied, and the total (subtotal + shipping + taxes, to the cent). `exemption`: the
 * buyer's tax exemption certificate (no sales tax), else null. `shippable` is false when no
 * method ships to the address (`problem` says so); such an order cannot be placed.
 */
export const CheckoutPreview = z.object({
  lines: z.array(PreviewLine),
  address: Address,
  subtotal: z.number(),
  shippingMethods: z.array(ShippingOption),
  shippingMethod: ShippingOption.nullable(),
  shipping: z.number(),
  taxes: z.array(TaxLine),
  total: z.number(),
  exemption: z.string().nullable(),
  shippable: z.boolean(),
  problem: z.string().nullable(),
});
export type CheckoutPreview = z.input<typeof CheckoutPreview>;

/** A refused checkout (409, 422) names the lines that cannot be served, and why. */
export const CheckoutProblem = ApiError.extend({
  lines: z
    .array(z.object({ partId: Id.nullable(), name: z.string(), problem: z.string() }))
    .default([]),
  /** A 409 of a changed total (or a refused destination): the preview as it is now. */
  preview: CheckoutPreview.optional(),
});
export type CheckoutProblem = z.input<typeof CheckoutProblem>;
