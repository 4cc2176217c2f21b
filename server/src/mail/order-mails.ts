// The mails of an order's life: placed, paid (receipt), shipped, refunded, expired unpaid, and the
// shop's own notice of a paid order (paid-notice, to its order addresses). Each is one react-email
// template (order-mail-template.ts) rendered to HTML, with a plain-text part made
// from that HTML. The template and React load with the first mail, not with the shop's start.
import { MAIL_TEXT_LIMITS, multiLine, oneLine } from '../lib/customer-text.ts';
import type { MailMessage } from './mailer.ts';
import { formatUsd } from '../lib/money.ts';
import type { OrderMoney } from '../lib/order-money.ts';

export interface MailOrderLine {
  /** The part number it was bought under (none on lines older than part numbers). */
  sku?: string | null;
  name: string;
  quantity: number;
  unitPriceCents: number;
}

export interface MailOrder {
  id: string;
  /** The order's number for people: PS-O-000123. */
  number: string;
  userName: string;
  userEmail: string;
  /** What the buyer typed (an order without an address book entry). */
  address: string;
  /** The address book entry it ships to, as lines (recipient first); shown instead when given. */
  shipTo?: string[] | null;
  phone: string;
  lines: MailOrderLine[];
  /**
   * Subtotal, shipping and each sales tax (lib/order-money.ts); left out: the lines and the total
   * alone (an order without shipping or tax).
   */
  money?: OrderMoney;
  /** The order total (subtotal + shipping + tax). */
  totalCents: number;
  /** The buyer's tax ID and the tax exemption certificate the order was placed under. */
  buyerTaxId?: string | null;
  taxExemption?: string | null;
  /** The buyer's purchase order number (a company's order, issue 49). */
  poNumber?: string | null;
  createdAt: Date;
}

export type OrderMailKind =
  'placed' | 'receipt' | 'shipped' | 'refunded' | 'expired' | 'paid-notice';

export interface OrderMailInput {
  kind: OrderMailKind;
  order: MailOrder;
  /** The shop's address, e.g. http://localhost:3000 (no trailing slash). */
  publicUrl: string;
  /**
   * paid-notice: the shop's order addresses (ORDER_NOTIFY_EMAILS, else the admins'); every other
   * kind goes to the buyer.
   */
  to?: string[];
  /** receipt, paid-notice */
  invoiceNumber?: string;
  /** receipt, paid-notice */
  paymentReference?: string;
  /** shipped */
  carrier?: string | null;
  /** shipped */
  trackingNumber?: string | null;
  /** shipped (computed by the contract's trackingUrl) */
  trackingUrl?: string | null;
  /** refunded */
  creditNoteNumber?: string;
  /** refunded: the invoice on payment terms it cancelled, unpaid (no card was refunded). */
  creditedInvoice?: string;
  /** refunded */
  reason?: string;
  /** refunded: part of the order (its lines and money are the refund's). */
  partial?: boolean;
  /** The invoice or credit note PDF, passed through to the message. */
  attachments?: MailMessage['attachments'];
}

/** The number of parts in an order (the lines' quantities added up). */
export const partCount = (order: MailOrder) =>
  order.lines.reduce((sum, line) => sum + line.quantity, 0);

/** Each kind's subject line. */
export function orderMailSubject(input: OrderMailInput): string {
  const { order } = input;
  switch (input.kind) {
    case 'placed': {
      // One line reads as the purchase's mail always did ("2 x Fan"); several name the first.
      const [first, ...more] = order.lines;
      const what =
        more.length === 0
          ? `${first!.quantity} x ${first!.name}`
          : `${first!.name} and ${more.length} more`;
      return `Your Partsmith order ${order.number}: ${what}, ${formatUsd(order.totalCents)}`;
    }
    case 'receipt':
      return input.invoiceNumber
        ? `Receipt for your Partsmith order ${order.number} — invoice ${input.invoiceNumber}`
        : `Receipt for your Partsmith order ${order.number}`;
    case 'shipped':
      return `Your Partsmith order ${order.number} has shipped`;
    case 'refunded':
      if (input.partial)
        return `Part of your Partsmith order ${order.number} was refunded: ${formatUsd(order.totalCents)}`;
      return input.creditedInvoice
        ? `Your Partsmith order ${order.number} was cancelled: invoice ${input.creditedInvoice} is credited`
        : `Your Partsmith order ${order.number} was refunded`;
    case 'expired':
      return `Your unpaid Partsmith order ${order.number} expired`;
    case 'paid-notice':
      // What the owner scans an inbox for: paid, the number, who, how much.
      return `Paid: order ${order.number} from ${order.userName}, ${formatUsd(order.totalCents)}`;
  }
}

/** Renders one order mail: its subject, HTML and plain-text parts, and any attachments. */
export async function renderOrderMail(given: OrderMailInput): Promise<MailMessage> {
  const [{ orderMailElement }, { render, toPlainText }] = await Promise.all([
    import('./order-mail-template.ts'),
    import('@react-email/render'),
  ]);
  // What the customer wrote, bounded whatever the order's row holds (it may predate the limits).
  const { order } = given;
  const input: OrderMailInput = {
    ...given,
    order: {
      ...order,
      userName: oneLine(order.userName, MAIL_TEXT_LIMITS.name),
      address: multiLine(order.address, MAIL_TEXT_LIMITS.address),
      shipTo: order.shipTo?.map((line) => oneLine(line, MAIL_TEXT_LIMITS.address)) ?? null,
      phone: oneLine(order.phone, MAIL_TEXT_LIMITS.phone),
      buyerTaxId: order.buyerTaxId ? oneLine(order.buyerTaxId, 40) : null,
      taxExemption: order.taxExemption ? oneLine(order.taxExemption, 80) : null,
      poNumber: order.poNumber ? oneLine(order.poNumber, 80) : null,
    },
  };
  const subject = orderMailSubject(input);
  const html = await render(orderMailElement(input, subject));
  // The text part is made from the same HTML (one render): the lines table as columns, links
  // written out after their text.
  const text =
    toPlainText(html, { selectors: [{ selector: 'h1', options: { uppercase: false } }] })
      .replace(/\n{3,}/g, '\n\n')
      .trim() + '\n';
  return {
    to: input.kind === 'paid-notice' ? (input.to ?? []).join(', ') : input.order.userEmail,
    subject,
    html,
    text,
    ...(input.attachments?.length ? { attachments: input.attachments } : {}),
  };
}
