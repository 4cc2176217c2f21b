import type {
  OrderLineRow,
  OrderRefundRow,
  OrderRow,
  OrderTax,
  RefundLine,
} from '../../db/schema/orders.ts';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../lib/http-errors.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { taxOn } from '../shipping/money.ts';

/** Which units of which lines to refund: the order line's `position` and how many. */
export interface RefundRequest {
  lines: { position: number; quantity: number }[];
  restock: boolean;
  reason: string;
}

type Refunded = Pick<OrderRefundRow, 'lines' | 'taxes' | 'amountCents' | 'subtotalCents'>;

/** Each line's units not refunded yet (by position): ordered less what refunds gave back. */
export function unitsLeft(
  lines: Pick<OrderLineRow, 'position' | 'quantity'>[],
  refunds: Pick<OrderRefundRow, 'lines'>[],
): Map<number, number> {
  const left = new Map(lines.map((line) => [line.position, line.quantity]));
  for (const refund of refunds)
    for (const line of refund.lines)
      left.set(line.position, (left.get(line.position) ?? 0) - line.quantity);
  return left;
}

/** The lines with the units refunds left of each; a line refunded in full is left out. */
export function linesLeft(lines: OrderLineRow[], refunds: Pick<OrderRefundRow, 'lines'>[]) {
  const left = unitsLeft(lines, refunds);
  return lines
    .map((line) => ({ ...line, quantity: left.get(line.position) ?? 0 }))
    .filter((line) => line.quantity > 0);
}

/** Each of the order's taxes less what the refunds gave back of it (by name and rate). */
function taxesLeft(order: OrderRow, refunds: Refunded[]): OrderTax[] {
  return order.taxes.map((tax) => {
    const given = refunds
      .flatMap((refund) => refund.taxes)
      .filter((t) => t.name === tax.name && t.rate === tax.rate)
      .reduce((sum, t) => sum + t.amountCents, 0);
    return { ...tax, amountCents: tax.amountCents - given };
  });
}

/**
 * Prices a partial refund of a paid order: the requested units at the unit prices the buyer paid,
 * and each tax rate of the order on their value (rounded as at checkout, never more than is left
 * of that tax); the shipping stays with the order (its refund in full gives it back). A line not
 * of the order, or more units than are left of it, is a 422 naming the line.
 */
export function priceRefund(
  order: OrderRow,
  lines: OrderLineRow[],
  refunds: Refunded[],
  request: Pick<RefundRequest, 'lines'>,
): { lines: RefundLine[]; subtotalCents: number; taxes: OrderTax[]; taxCents: number } {
  const left = unitsLeft(lines, refunds);
  const seen = new Set<number>();
  const refundLines: RefundLine[] = [];
  for (const asked of request.lines) {
    const line = lines.find((l) => l.position === asked.position);
    if (!line) throw new HttpError(422, `This order has no line ${asked.position + 1}.`);
    if (seen.has(asked.position))
      throw new HttpError(422, `Line ${asked.position + 1} (${line.name}) is asked for twice.`);
    seen.add(asked.position);
    const units = left.get(line.position) ?? 0;
    if (asked.quantity > units) {
      throw new HttpError(
        422,
        units === 0
          ? `Line ${asked.position + 1} (${line.name}) was refunded in full already.`
          : `Line ${asked.position + 1} (${line.name}): only ${units} of its ${line.quantity} units are left to refund.`,
      );
    }
    refundLines.push({
      position: line.position,
      quantity: asked.quantity,
      sku: line.sku,
      name: line.name,
      unitPriceCents: line.unitPriceCents,
    });
  }
  refundLines.sort((a, b) => a.position - b.position);
  const subtotalCents = refundLines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  const taxes = taxesLeft(order, refunds)
    .map((tax) => ({
      ...tax,
      amountCents: Math.max(0, Math.min(taxOn(subtotalCents, tax.rate), tax.amountCents)),
    }))
    .filter((tax) => tax.amountCents > 0);
  const taxCents = taxes.reduce((sum, tax) => sum + tax.amountCents, 0);
  return { lines: refundLines, subtotalCents, taxes, taxCents };
}

/**
 * An order as its refund in full after partial refunds credits it: the units left of each line,
 * the shipping, what is left of each tax, and the total less what the partial refunds gave back.
 * Without partial refunds, the order as it is.
 */
export function remainderOf(
  order: OrderRow,
  lines: OrderLineRow[],
  refunds: Refunded[],
): { order: OrderRow; lines: OrderLineRow[] } {
  if (refunds.length === 0) return { order, lines };
  const taxes = taxesLeft(order, refunds).filter((tax) => tax.amountCents > 0);
  const given = refunds.reduce((sum, refund) => sum + refund.amountCents, 0);
  return {
    order: {
      ...order,
      subtotalCents:
        order.subtotalCents - refunds.reduce((sum, refund) => sum + refund.subtotalCents, 0),
      taxes,
      taxCents: taxes.reduce((sum, tax) => sum + tax.amountCents, 0),
      totalCents: order.totalCents - given,
    },
    lines: linesLeft(lines, refunds),
  };
}

/**
 * One partial refund as an order of its own, for its credit note and its mail: its lines and
 * taxes, no shipping, its number, date and reason.
 */
export function refundView(
  order: OrderRow,
  refund: OrderRefundRow,
): { order: OrderRow; lines: OrderLineRow[] } {
  return {
    order: {
      ...order,
      subtotalCents: refund.subtotalCents,
      shippingCents: 0,
      shippingMethodName: null,
      shippingMinDays: null,
      shippingMaxDays: null,
      taxes: refund.taxes,
      taxCents: refund.taxCents,
      totalCents: refund.amountCents,
      creditNoteNumber: refund.creditNoteNumber,
      refundedAt: refund.createdAt,
      refundId: refund.providerRefundId,
      refundReason: refund.reason,
    },
    lines: refund.lines.map((line) => ({
      orderId: order.id,
      position: line.position,
      partId: null,
      sku: line.sku,
      name: line.name,
      image: '',
      unitPriceCents: line.unitPriceCents,
      quantity: line.quantity,
    })),
  };
}

/**
 * A refund at the payment provider, in full or in part: 503 when card payments are not set up,
 * 502 (logged) when the provider refuses or does not answer.
 */
export async function refundAtProvider(
  payments: PaymentProvider | null | undefined,
  log: FastifyBaseLogger,
  orderId: string,
  refund: (provider: PaymentProvider) => Promise<{ refundId: string }>,
): Promise<string> {
  if (!payments) {
    throw new HttpError(
      503,
      'Card payments are not set up, so the payment cannot be refunded here.',
    );
  }
  try {
    return (await refund(payments)).refundId;
  } catch (err) {
    log.error({ err, orderId }, 'the payment provider refused a refund');
    throw new HttpError(
      502,
      'The payment provider did not refund the payment. Please try again in a moment.',
    );
  }
}
