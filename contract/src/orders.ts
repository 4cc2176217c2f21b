import * as z from './zod-subset.ts';
import { EmailField, Id } from './common.ts';

export const QuantityField = z.coerce
  .number({ message: 'Quantity is Required' })
  .int('Quantity must be a whole number')
  .positive('Quantity must be at least 1')
  .max(1_000_000, 'Quantity is too large');

export const AddressField = z
  .string({ message: 'Shipping address is Required' })
  .trim()
  .min(1, 'Shipping address is Required')
  .min(8, 'Give the full shipping address (street, city, postal code)')
  .max(300, 'Keep the address under 300 characters');

export const PhoneField = z
  .string({ message: 'Phone number is Required' })
  .trim()
  .min(1, 'Phone number is Required')
  .regex(/^\+?[0-9][0-9 ().-]{5,22}[0-9]$/, 'Provide a valid phone number');

/**
 * POST /api/purchase. Only these four fields are read: name, image, description and price come
 * from the catalogue, the buyer from the session. Anything else in the body is dropped.
 */
export const PurchaseBody = z.object({
  partId: Id,
  quantity: QuantityField,
  address: AddressField,
  phone: PhoneField,
});
export type PurchaseBody = z.input<typeof PurchaseBody>;

export const PurchaseAnswer = z.object({ acknowledged: z.literal(true), insertedId: Id });

export { quantityMessage } from './constants.ts';

/** An order (the spec also says "purchase"). Money in dollars; `price` is the unit price. */
export const Order = z.object({
  _id: Id,
  partId: Id.nullable(),
  name: z.string(),
  image: z.string(),
  description: z.string(),
  price: z.number(),
  quantity: z.number().int(),
  total: z.number(),
  userEmail: z.string(),
  userName: z.string(),
  address: z.string(),
  phone: z.string(),
  /** Stock left right after this order was placed (spec's availableQuantity). */
  availableQuantity: z.number().int(),
  paid: z.boolean(),
  /** Unpaid for longer than the shop's UNPAID_ORDER_TTL: its stock went back, it cannot be paid. */
  expired: z.boolean().default(false),
  /** When an unpaid order expires (UNPAID_ORDER_TTL after it was placed); null once paid or expired. */
  expiresAt: z.string().nullable().default(null),
  transactionId: z.string().nullable(),
  /** 'shipped' once an admin shipped it, else null (the spec only needs it truthy once shipped). */
  status: z.literal('shipped').nullable(),
  createdAt: z.string(),
});
/** The input type: `expired` and `expiresAt` may be left out (false and null). */
export type Order = z.input<typeof Order>;

export const OrderList = z.array(Order);

export const OrdersQuery = z.object({ userEmail: EmailField });

export const DeleteAnswer = z.object({
  acknowledged: z.literal(true),
  deletedCount: z.number().int(),
});
