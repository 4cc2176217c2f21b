import { addressLines } from '@partsmith/contract';
import { SELLER } from '@partsmith/contract/seller';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { PackingSlip } from '../invoices/packing-slip.ts';
import type { InvoiceDocument } from '../invoices/pdf.ts';
import type { OrderLineRow, OrderRow, ShipTo } from '../../db/schema/orders.ts';
import { deliveryDays, type OrderMoney } from '../../lib/order-money.ts';
// The address book's English country names, as the order's page and the mails show them.
import { countryName } from '../addresses/service.ts';

/**
 * Who sells, as the documents name them: the shop's configuration (`config.seller`, which is
 * SELLER of contract/src/seller.ts) and its address on the web.
 */
export interface Seller {
  name: string;
  address: string[];
  email: string;
  url: string;
  taxId?: string | null;
  phone?: string | null;
}

/** A phone number kept in E.164 (+15125550147) as people read it: +1 512 555 0147. */
export const readablePhone = (phone: string) =>
  parsePhoneNumberFromString(phone)?.formatInternational() ?? phone;

/**
 * Where an order ships, as lines for people (recipient, company, street, city line, country),
 * from the address book entry it kept (`ship_to`); null for an order without one (the purchase
 * page's, an older one), whose `address` is the text the buyer typed.
 */
export function shipToLines(shipTo: ShipTo | null): string[] | null {
  return shipTo ? addressLines(shipTo, countryName) : null;
}

/** The phone to reach the recipient: the address book entry's, else the one typed with the order. */
export const shipToPhone = (row: Pick<OrderRow, 'shipTo' | 'phone'>) =>
  row.shipTo?.phone ? readablePhone(row.shipTo.phone) : row.phone;

/** An order's money as the documents and mails print it (lib/order-money.ts). */
export function orderMoneyOf(row: OrderRow): OrderMoney {
  return {
    subtotalCents: row.subtotalCents,
    shippingMethod: row.shippingMethodName
      ? {
          name: row.shippingMethodName,
          minDays: row.shippingMinDays,
          maxDays: row.shippingMaxDays,
        }
      : null,
    shippingCents: row.shippingCents,
    taxes: row.taxes,
    taxCents: row.taxCents,
    totalCents: row.totalCents,
  };
}

/** The buyer's tax ID: the order's, else the one of the address it shipped to. */
export const buyerTaxIdOf = (row: Pick<OrderRow, 'buyerTaxId' | 'shipTo'>) =>
  row.buyerTaxId ?? row.shipTo?.taxId ?? null;

/**
 * An order invoiced on its company's payment terms (issue 49): its invoice is issued when it is
 * placed or approved, and paid later.
 */
export const invoicedOnTerms = (row: Pick<OrderRow, 'paymentMethod' | 'invoiceNumber'>) =>
  row.paymentMethod === 'invoice' && row.invoiceNumber !== null;

/** A refund that credited an unpaid invoice on terms (state-changes.ts): no card was refunded. */
export const creditedOnAccount = (
  row: Pick<OrderRow, 'paymentMethod' | 'invoiceNumber' | 'refundedAt' | 'refundId'>,
) => invoicedOnTerms(row) && row.refundedAt !== null && !row.refundId;

/**
 * An order's invoice (once it is paid) or credit note (once it is refunded), as the PDF draws it,
 * or null when the order has none. Everything comes from the order's own copy (lines, prices,
 * shipping, taxes, buyer, where it shipped, the dates it was paid or refunded), so the document
 * reads the same whenever it is made. A refund is always of the whole order: the credit note
 * repeats the invoice's figures, shipping and tax included.
 */
export function orderDocument(
  kind: InvoiceDocument['kind'],
  row: OrderRow,
  lines: OrderLineRow[],
  seller: Seller,
): InvoiceDocument | null {
  const number = kind === 'invoice' ? row.invoiceNumber : row.creditNoteNumber;
  // An invoice on a company's terms is issued when the order is placed or approved (issue 49).
  const onTermsOrder = invoicedOnTerms(row);
  const onTerms = kind === 'invoice' && onTermsOrder && row.dueDate !== null;
  const issuedAt = onTerms
    ? (row.approvalDecidedAt ?? row.createdAt)
    : kind === 'invoice'
      ? row.paidAt
      : row.refundedAt;
  if (!number || !issuedAt || (!row.transactionId && !onTermsOrder)) return null;
  const shipTo = shipToLines(row.shipTo);
  return {
    kind,
    number,
    issuedAt,
    seller,
    buyer: {
      name: row.userName,
      email: row.userEmail,
      taxId: buyerTaxIdOf(row),
      taxExemption: row.taxExemption,
    },
    shippingAddress: row.address,
    ...(shipTo ? { shipTo } : {}),
    phone: shipToPhone(row),
    orderId: row.id,
    orderNumber: row.number,
    lines: lines.map((line) => ({
      sku: line.sku,
      name: line.name,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
    })),
    money: orderMoneyOf(row),
    totalCents: row.totalCents,
    exportedTo:
      row.shipTo && row.shipTo.country !== SELLER.country ? countryName(row.shipTo.country) : null,
    paymentReference: row.transactionId ?? '',
    ...(onTerms && row.dueDate
      ? { dueDate: row.dueDate, ...(row.paid ? { onAccountPaid: true } : {}) }
      : {}),
    ...(row.poNumber ? { poNumber: row.poNumber } : {}),
    ...(kind === 'credit-note'
      ? {
          refersTo: row.invoiceNumber ?? undefined,
          reason: row.refundReason ?? undefined,
          ...(creditedOnAccount(row) ? { creditedOnAccount: true } : {}),
        }
      : {}),
  };
}

/**
 * An order's packing slip: where it goes (the address book entry it kept, else the address typed
 * with it under the buyer's name), its lines' part numbers and quantities, and no prices.
 */
export function packingSlipOf(row: OrderRow, lines: OrderLineRow[]): PackingSlip {
  const days = deliveryDays(row.shippingMinDays, row.shippingMaxDays);
  return {
    orderId: row.id,
    orderNumber: row.number,
    placedAt: row.createdAt,
    poNumber: row.poNumber,
    shipTo: shipToLines(row.shipTo) ?? [row.userName, row.address],
    phone: shipToPhone(row),
    buyer: { name: row.userName, email: row.userEmail },
    shippingMethod: row.shippingMethodName
      ? days
        ? `${row.shippingMethodName} (${days})`
        : row.shippingMethodName
      : null,
    lines: lines.map((line) => ({
      partId: line.partId,
      sku: line.sku,
      name: line.name,
      quantity: line.quantity,
    })),
  };
}
