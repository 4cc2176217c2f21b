// What the pages read off an order (its lines, whether it is on account), apart from the order's
// schemas: a page that shows orders imports these without zod and the contract's index, which
// stay off the main thread (the web's answers are checked in a worker, decision 038).
import type { Order, OrderLine } from './orders.ts';

/**
 * An order on its company's payment terms, invoiced and not paid yet nor credited (issue 49): it
 * ships before it is paid, is paid by its due date, and is neither paid by card nor deleted.
 */
export const onAccount = (
  order: Pick<Order, 'paid' | 'paymentMethod' | 'invoiceNumber' | 'refundedAt'>,
) =>
  !order.paid &&
  order.paymentMethod === 'invoice' &&
  order.invoiceNumber !== null &&
  order.refundedAt === null;

/**
 * An order whose parts go out (the server's rule in modules/orders/state-changes.ts): paid, or on
 * account, and not refunded; the admins ship it, print its packing slip or refund it.
 */
export const shippable = (
  order: Pick<Order, 'paid' | 'paymentMethod' | 'invoiceNumber' | 'refundedAt'>,
) => (order.paid || onAccount(order)) && order.refundedAt === null;

/**
 * A card order its buyer can pay now, as My Orders shows its Pay button: not paid, expired or
 * cancelled, not waiting for (or declined by) the company's approver, with something to pay.
 * GET /api/waiting counts these (its `ordersToPay`).
 */
export const payableByCard = (
  order: Pick<Order, 'paid' | 'expired' | 'paymentMethod' | 'refundedAt' | 'approval' | 'total'>,
) =>
  !order.paid &&
  !order.expired &&
  order.paymentMethod !== 'invoice' &&
  !order.refundedAt &&
  order.approval !== 'pending' &&
  order.approval !== 'declined' &&
  order.total > 0;

/** The lines of an order: its `lines`, or the order itself when it has one. */
export function linesOf(order: Order): OrderLine[] {
  return (
    order.lines ?? [
      {
        partId: order.partId,
        sku: order.sku ?? null,
        name: order.name,
        image: order.image,
        price: order.price,
        quantity: order.quantity,
        // The line's own amount: the order's total holds its shipping and tax too.
        total: order.subtotal ?? order.total,
      },
    ]
  );
}
