import { onAccount, RefundBody, ShipBody, type Order } from '@partsmith/contract';
import { BulkShipBody } from '@partsmith/contract/admin-lists';
import { formDialog } from '../../../lib/dialogs.ts';
import { formatDollars } from '../../../lib/money.ts';

/** The first message of a failed check, for the dialog to show. */
const problemOf = (parsed: { success: boolean; error?: { issues: { message: string }[] } }) =>
  parsed.success ? null : (parsed.error?.issues[0]?.message ?? 'Check what you entered.');

/**
 * Before shipping: the carrier and tracking number (both optional, checked with the contract's
 * ShipBody). Resolves what to send (empty fields left out), or null when the admin cancelled.
 */
export async function askShipment(order: Order): Promise<ShipBody | null> {
  const values = await formDialog({
    title: 'Ship this order?',
    text: `${order.name} for ${order.userEmail}. The customer sees the carrier and tracking number on the order's page.`,
    fields: [
      { name: 'carrier', label: 'Carrier (optional)', maxLength: 60 },
      {
        name: 'trackingNumber',
        label: 'Tracking number (optional)',
        maxLength: 60,
        hint: 'Letters, digits, spaces and dashes.',
      },
    ],
    confirmButtonText: 'Ship it',
    check: (entered) => problemOf(ShipBody.safeParse(entered)),
  });
  if (!values) return null;
  return {
    ...(values.carrier ? { carrier: values.carrier } : {}),
    ...(values.trackingNumber ? { trackingNumber: values.trackingNumber } : {}),
  };
}

/**
 * Before shipping the selected orders together: the carrier (optional; tracking numbers are each
 * parcel's own). Resolves the carrier ('' for none), or null when the admin cancelled.
 */
export async function askBulkShipment(ids: readonly string[]): Promise<string | null> {
  const n = ids.length;
  const values = await formDialog({
    title: n === 1 ? 'Ship the selected order?' : `Ship the ${n} selected orders?`,
    text:
      "Each buyer gets the shipping mail now. A tracking number is each parcel's own: give it " +
      'one order at a time with its status button instead.',
    fields: [{ name: 'carrier', label: 'Carrier (optional)', maxLength: 60 }],
    confirmButtonText: n === 1 ? 'Ship it' : `Ship ${n} orders`,
    check: (entered) => problemOf(BulkShipBody.safeParse({ ids, ...entered })),
  });
  return values && values.carrier;
}

/** Before refunding: why (the contract's RefundBody). Resolves the body, or null when cancelled. */
export async function askRefund(order: Order): Promise<RefundBody | null> {
  // An unpaid order on payment terms is cancelled: its invoice is credited, nothing is refunded.
  const credit = onAccount(order);
  const values = await formDialog({
    title: credit ? 'Cancel this order and credit its invoice?' : 'Refund this order?',
    text: credit
      ? `Invoice ${order.invoiceNumber ?? ''} of ${formatDollars(order.total)} for ${order.name} is credited by a credit note: ${order.userEmail}'s company owes nothing on it. This cannot be undone.`
      : (order.refunded ?? 0) > 0
        ? `The rest of the order, ${formatDollars(order.total - (order.refunded ?? 0))} after ${formatDollars(order.refunded ?? 0)} refunded in part, goes back to ${order.userEmail} for ${order.name}, and a credit note is issued. This cannot be undone.`
        : `${formatDollars(order.total)} goes back to ${order.userEmail} for ${order.name}, and a credit note is issued. This cannot be undone.`,
    fields: [{ name: 'reason', label: 'Reason', multiline: true, maxLength: 300 }],
    confirmButtonText: credit ? 'Credit the invoice' : 'Refund',
    check: (entered) => problemOf(RefundBody.safeParse(entered)),
  });
  return values && { reason: values.reason };
}
