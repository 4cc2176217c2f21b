// Invoice and credit-note PDFs, drawn with pdfkit's built-in Helvetica (no font files to ship).
// pdfkit loads its fonts' metrics and its colour profile from its own package folder at run time,
// so it stays out of the server bundle (externals.mjs), and it is imported only when the first
// PDF is drawn. The shop draws them in a worker thread, with a time limit (pdf-pool.ts).
import { MAIL_TEXT_LIMITS, multiLine, oneLine } from '../../lib/customer-text.ts';
import type { OrderMoney } from '../../lib/order-money.ts';
import { MARGIN, winAnsiText } from './pdf-layout.ts';
import {
  drawFooters,
  drawHeading,
  drawLines,
  drawParties,
  drawTotals,
  invoiceFacts,
} from './pdf-sections.ts';

export interface InvoiceLine {
  /** The part number it was bought under (none on lines older than part numbers). */
  sku?: string | null;
  name: string;
  quantity: number;
  unitPriceCents: number;
}

export interface InvoiceDocument {
  kind: 'invoice' | 'credit-note';
  /** 'PS-2026-000001' (invoice) or 'CN-2026-000001' (credit note). */
  number: string;
  issuedAt: Date;
  /** Who sells (SELLER of the contract): printed under the heading with its tax ID. */
  seller: {
    name: string;
    address: string[];
    email: string;
    url: string;
    taxId?: string | null;
    phone?: string | null;
  };
  /** Who buys: their tax ID (from the address they ship to) and their tax exemption certificate. */
  buyer: { name: string; email: string; taxId?: string | null; taxExemption?: string | null };
  /** The address the buyer typed (an order without an address book entry). */
  shippingAddress: string;
  /** The address book entry it ships to as lines (recipient first); printed instead when given. */
  shipTo?: string[];
  phone: string;
  orderId: string;
  /** The order's number for people (PS-O-000123), printed instead of its id when given. */
  orderNumber?: string;
  lines: InvoiceLine[];
  /**
   * Subtotal, shipping and each sales tax (lib/order-money.ts); left out: the lines and the total
   * alone (an order without shipping or tax).
   */
  money?: OrderMoney;
  /** The order total (subtotal + shipping + tax); currency USD. */
  totalCents: number;
  /**
   * The country's name when the order ships abroad (outside the seller's country): no sales tax
   * of the destination is collected, and the document says duties and taxes are due on import.
   */
  exportedTo?: string | null;
  /** The card payment's id (empty for an invoice on payment terms). */
  paymentReference: string;
  /**
   * An invoice on a company's payment terms (issue 49): the day it falls due; printed instead of
   * the card payment.
   */
  dueDate?: string;
  /** An invoice on terms whose payments have come in (`paymentReference`: `invoice:<number>`). */
  onAccountPaid?: boolean;
  /** The buyer's purchase order number. */
  poNumber?: string;
  /** Credit notes only: an unpaid invoice on payment terms cancelled, no card refunded. */
  creditedOnAccount?: boolean;
  /** Credit notes only: the invoice it reverses, and the reason. */
  refersTo?: string;
  reason?: string;
}

/**
 * The most of each text from a customer (or an admin) an invoice prints: the contract's limits.
 * An order's row may predate them (a legacy 200,000-character name): it is cut, not refused.
 */
export const PDF_TEXT_LIMITS = {
  name: MAIL_TEXT_LIMITS.name,
  email: MAIL_TEXT_LIMITS.email,
  phone: MAIL_TEXT_LIMITS.phone,
  address: MAIL_TEXT_LIMITS.address,
  line: 200,
  sku: 40,
  taxId: 40,
  /** A shipping method's or a tax rate's name. */
  label: 80,
  reason: 300,
  reference: 100,
} as const;

/** The document with every text someone typed bounded (see PDF_TEXT_LIMITS). */
export function boundedDocument(doc: InvoiceDocument): InvoiceDocument {
  const L = PDF_TEXT_LIMITS;
  return {
    ...doc,
    buyer: {
      name: oneLine(doc.buyer.name, L.name),
      email: oneLine(doc.buyer.email, L.email),
      taxId: doc.buyer.taxId ? oneLine(doc.buyer.taxId, L.taxId) : null,
      taxExemption: doc.buyer.taxExemption ? oneLine(doc.buyer.taxExemption, L.taxId) : null,
    },
    shippingAddress: multiLine(doc.shippingAddress, L.address),
    ...(doc.shipTo ? { shipTo: doc.shipTo.map((line) => oneLine(line, L.line)) } : {}),
    phone: oneLine(doc.phone, L.phone),
    lines: doc.lines.map((line) => ({
      ...line,
      name: oneLine(line.name, L.line),
      sku: line.sku ? oneLine(line.sku, L.sku) : null,
    })),
    ...(doc.money
      ? {
          money: {
            ...doc.money,
            shippingMethod: doc.money.shippingMethod && {
              ...doc.money.shippingMethod,
              name: oneLine(doc.money.shippingMethod.name, L.label),
            },
            taxes: doc.money.taxes.map((tax) => ({ ...tax, name: oneLine(tax.name, L.label) })),
          },
        }
      : {}),
    paymentReference: oneLine(doc.paymentReference, L.reference),
    ...(doc.poNumber ? { poNumber: oneLine(doc.poNumber, L.reference) } : {}),
    ...(doc.exportedTo ? { exportedTo: oneLine(doc.exportedTo, L.label) } : {}),
    ...(doc.reason === undefined ? {} : { reason: multiLine(doc.reason, L.reason) }),
  };
}

/**
 * A new A4 document with the shop's margins, its pages kept until the end (so that every page's
 * footer can say "Page n of N"), and the promise of its bytes once it is ended.
 */
export async function newPdf(info: {
  title: string;
  author: string;
  subject: string;
  createdAt: Date;
}) {
  const { default: PDFDocument } = await import('pdfkit');
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: winAnsiText(info.title),
      Author: winAnsiText(info.author),
      Subject: winAnsiText(info.subject),
      CreationDate: info.createdAt,
    },
  });
  const bytes = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  return { pdf, bytes };
}

/** Renders an invoice or a credit note as an A4 PDF. */
export async function renderInvoicePdf(given: InvoiceDocument): Promise<Buffer> {
  const doc = boundedDocument(given);
  const title = doc.kind === 'invoice' ? 'Invoice' : 'Credit note';
  const { pdf, bytes } = await newPdf({
    title: `${title} ${doc.number}`,
    author: doc.seller.name,
    subject: `Order ${doc.orderNumber ?? doc.orderId}`,
    createdAt: doc.issuedAt,
  });
  drawHeading(pdf, doc.seller, title, invoiceFacts(doc));
  drawParties(pdf, doc);
  drawLines(pdf, doc);
  drawTotals(pdf, doc);
  drawFooters(pdf, doc.seller);
  pdf.end();
  return bytes;
}
