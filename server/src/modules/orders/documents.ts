import type { InvoiceDocument } from '../invoices/pdf.ts';
import type { OrderLineRow, OrderRow } from '../../db/schema/orders.ts';

/** Who sells, as the invoices name them (the shop's configuration). */
export interface Seller {
  name: string;
  address: string[];
  email: string;
  url: string;
}

/**
 * An order's invoice (once it is paid) or credit note (once it is refunded), as the PDF draws it,
 * or null when the order has none. Everything comes from the order's own copy (lines, prices,
 * buyer, the dates it was paid or refunded), so the document reads the same whenever it is made.
 */
export function orderDocument(
  kind: InvoiceDocument['kind'],
  row: OrderRow,
  lines: OrderLineRow[],
  seller: Seller,
): InvoiceDocument | null {
  const number = kind === 'invoice' ? row.invoiceNumber : row.creditNoteNumber;
  const issuedAt = kind === 'invoice' ? row.paidAt : row.refundedAt;
  if (!number || !issuedAt || !row.transactionId) return null;
  return {
    kind,
    number,
    issuedAt,
    seller,
    buyer: { name: row.userName, email: row.userEmail },
    shippingAddress: row.address,
    phone: row.phone,
    orderId: row.id,
    orderNumber: row.number,
    lines: lines.map((line) => ({
      sku: line.sku,
      name: line.name,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
    })),
    totalCents: row.totalCents,
    paymentReference: row.transactionId,
    ...(kind === 'credit-note'
      ? { refersTo: row.invoiceNumber ?? undefined, reason: row.refundReason ?? undefined }
      : {}),
  };
}
