import * as z from './zod-subset.ts';
import { AdminListQuery, EmailField, Id } from './common.ts';
import { ShippingOption, TaxLine } from './shipping.ts';

export { linesOf, onAccount } from './order-views.ts';

export const QuantityField = z.coerce
  .number({ message: 'Quantity is Required' })
  .int('Quantity must be a whole number')
  .positive('Quantity must be at least 1')
  .max(1_000_000, 'Quantity is too large');

/** The longest shipping address (mails and documents cut older rows to it too). */
export const ADDRESS_MAX_LENGTH = 300;

export const AddressField = z
  .string({ message: 'Shipping address is Required' })
  .trim()
  .min(1, 'Shipping address is Required')
  .min(8, 'Give the full shipping address (street, city, postal code)')
  .max(ADDRESS_MAX_LENGTH, 'Keep the address under 300 characters');

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

/** One line of an order: the part's name, image and unit price as they were when it was bought. */
export const OrderLine = z.object({
  partId: Id.nullable(),
  /** The part number when it was bought; null on lines older than part numbers. */
  sku: z.string().nullable().default(null),
  name: z.string(),
  image: z.string(),
  /** Unit price in dollars. */
  price: z.number(),
  quantity: z.number().int(),
  /** price x quantity, in dollars. */
  total: z.number(),
});
export type OrderLine = z.input<typeof OrderLine>;

/**
 * An order (the spec also says "purchase"). Money in dollars. A one-line order reads as the spec
 * has it (`price` is the unit price); an order of several lines (a checkout of the cart) adds
 * `lines`, its `name` is the first line's followed by "and N more", `partId`, `image` and `price`
 * are the first line's, and `quantity` is the number of units of all lines.
 */
export const Order = z.object({
  _id: Id,
  /**
   * The order's number for people, given when it is placed: `PS-O-000123` (every answer has it;
   * the default lets an answer of an older server parse).
   */
  number: z.string().default(''),
  partId: Id.nullable(),
  /** The first line's part number (null on orders older than part numbers). */
  sku: z.string().nullable().default(null),
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
  /**
   * Where it ships as lines for people (recipient, company, street, city line, country), when
   * it ships to an address book entry; null for an order whose `address` is the text the buyer
   * typed (the purchase page's, an older one).
   */
  shipToLines: z.array(z.string()).nullable().default(null),
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
  /** Only on an order of several lines: each line (see OrderLine). */
  lines: z.array(OrderLine).optional(),
  /** When it was paid, shipped, refunded or expired (ISO dates), for the order's timeline. */
  paidAt: z.string().nullable().default(null),
  shippedAt: z.string().nullable().default(null),
  refundedAt: z.string().nullable().default(null),
  expiredAt: z.string().nullable().default(null),
  /** What the admin gave when shipping it (both optional). */
  carrier: z.string().nullable().default(null),
  trackingNumber: z.string().nullable().default(null),
  /** The invoice of a paid order (PS-2026-000001) and the credit note of a refunded one. */
  invoiceNumber: z.string().nullable().default(null),
  /** Business buyers (issue 49): the purchase order number given at checkout. */
  poNumber: z.string().nullable().default(null),
  /** `card`, or `invoice`: on its company's payment terms, due on `dueDate` (YYYY-MM-DD). */
  paymentMethod: z.enum(['card', 'invoice']).default('card'),
  dueDate: z.string().nullable().default(null),
  /** Null: no approval asked; `pending` until the company's approver decides. */
  approval: z.enum(['pending', 'approved', 'declined']).nullable().default(null),
  creditNoteNumber: z.string().nullable().default(null),
  /** Dollars its partial refunds gave back (GET /api/orders/:id/refunds lists them); 0: none. */
  refunded: z.number().default(0),
  /**
   * The order's money as the checkout's preview names it (dollars): the lines' sum, the shipping
   * method chosen (null: none, as on the purchase page's orders and older ones), its charge, each
   * sales tax rate applied; `total` is their sum. Older answers read as shipping 0 and tax 0.
   */
  subtotal: z.number().optional(),
  shippingMethod: ShippingOption.nullable().default(null),
  shipping: z.number().default(0),
  taxes: z.array(TaxLine).default([]),
  /** The buyer's tax ID from the address, and the tax exemption the order was placed under. */
  buyerTaxId: z.string().nullable().default(null),
  taxExemption: z.string().nullable().default(null),
});
/** The input type: `expired`, `expiresAt`, `number`, `sku` and `shipToLines` may be left out. */
export type Order = z.input<typeof Order>;

export const OrderList = z.array(Order);

export const CarrierField = z
  .string()
  .trim()
  .max(60, 'Keep the carrier under 60 characters')
  .optional();
const TrackingNumberField = z
  .string()
  .trim()
  .max(60, 'Keep the tracking number under 60 characters')
  .regex(/^[A-Za-z0-9 -]*$/, 'A tracking number has only letters, digits, spaces and dashes')
  .optional();

/** PUT /api/changeStatus/:id: ships a paid order; carrier and tracking number are optional. */
export const ShipBody = z
  .object({ carrier: CarrierField, trackingNumber: TrackingNumberField })
  .nullish();
export type ShipBody = z.input<typeof ShipBody>;

/** POST /api/orders/:id/refund (admins): refunds a paid order in full. */
export const RefundBody = z.object({
  reason: z
    .string({ message: 'Give a reason for the refund' })
    .trim()
    .min(3, 'Give a reason for the refund')
    .max(300, 'Keep the reason under 300 characters'),
});
export type RefundBody = z.input<typeof RefundBody>;

/**
 * What an order search looks for (`q`): words each found in the order's number, or in a line's
 * part name or part number (case aside). Empty: every order.
 */
export const OrderSearchField = z
  .string()
  .trim()
  .max(100, 'Keep the search under 100 characters')
  .optional();

/** GET /api/orders: the signed-in customer's own orders (`userEmail` must be theirs). */
export const OrdersQuery = z.object({ userEmail: EmailField, q: OrderSearchField });

/** GET /api/allPurchases (admins): a page of every order, searched as a customer's are. */
export const AdminOrdersQuery = AdminListQuery.extend({ q: OrderSearchField });
export type AdminOrdersQuery = z.input<typeof AdminOrdersQuery>;

/** Why "Order again" left a line of the order out of the cart. */
export const ReorderSkipReason = z.enum(['deleted', 'out_of_stock', 'cart_full']);
export type ReorderSkipReason = z.infer<typeof ReorderSkipReason>;

/**
 * POST /api/orders/:id/reorder: what went into the cart (`quantity`: the units added, fewer than
 * ordered when the stock is short, or raised to the part's minimum order), and what did not.
 * `partId` is null for a part deleted for good.
 */
export const ReorderAnswer = z.object({
  added: z.array(z.object({ partId: Id, name: z.string(), quantity: z.number().int() })),
  skipped: z.array(
    z.object({ partId: Id.nullable(), name: z.string(), reason: ReorderSkipReason }),
  ),
});
export type ReorderAnswer = z.infer<typeof ReorderAnswer>;

export const DeleteAnswer = z.object({
  acknowledged: z.literal(true),
  deletedCount: z.number().int(),
});
