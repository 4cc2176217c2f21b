import * as z from './zod-subset.ts';
import { Id } from './common.ts';
import { RefundBody } from './orders.ts';
import { TaxLine } from './shipping.ts';

/**
 * POST /api/orders/:id/refunds (admins): refunds some units of a paid order's lines (returned,
 * damaged or missing parts), each line named by its `position` in the order (0 is the first).
 * `restock` puts the units back in stock.
 */
export const PartRefundBody = z.object({
  lines: z
    .array(
      z.object({
        position: z
          .number({ message: 'Choose a line of the order' })
          .int('Choose a line of the order')
          .min(0, 'Choose a line of the order')
          .max(999, 'Choose a line of the order'),
        quantity: z
          .number({ message: 'Give how many units to refund' })
          .int('Units are whole numbers')
          .min(1, 'Refund at least one unit')
          .max(1_000_000, 'That is more units than the line has'),
      }),
    )
    .min(1, 'Choose at least one unit to refund')
    .max(200, 'An order has at most 200 lines'),
  restock: z.boolean({ message: 'Say whether the units go back in stock' }),
  reason: RefundBody.shape.reason,
});
export type PartRefundBody = z.input<typeof PartRefundBody>;

/** One line of a partial refund: the order's line, how many units, at the price paid (dollars). */
export const RefundedLine = z.object({
  position: z.number().int(),
  sku: z.string().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  price: z.number(),
  total: z.number(),
});

/** A partial refund: its credit note, its lines, their share of each tax, the amount (dollars). */
export const OrderRefund = z.object({
  _id: Id,
  creditNoteNumber: z.string(),
  createdAt: z.string(),
  lines: z.array(RefundedLine),
  subtotal: z.number(),
  taxes: z.array(TaxLine),
  tax: z.number(),
  amount: z.number(),
  restocked: z.boolean(),
  reason: z.string(),
});
export type OrderRefund = z.input<typeof OrderRefund>;

/**
 * GET /api/orders/:id/refunds: an order's partial refunds (the first first), what they gave
 * back in all, and the units left to refund of each line (by position).
 */
export const OrderRefunds = z.object({
  refunds: z.array(OrderRefund),
  refunded: z.number(),
  left: z.array(z.object({ position: z.number().int(), quantity: z.number().int() })),
});
export type OrderRefunds = z.input<typeof OrderRefunds>;
