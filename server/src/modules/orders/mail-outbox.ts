import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import {
  orderMails,
  orderRefunds,
  orders,
  type OrderLineRow,
  type OrderRefundRow,
  type OrderRow,
} from '../../db/schema/orders.ts';
import type { MailMessage, Mailer } from '../../mail/mailer.ts';
import { trackingUrl } from '@partsmith/contract/tracking';
import {
  renderOrderMail,
  type OrderMailInput,
  type OrderMailKind,
} from '../../mail/order-mails.ts';
import type { InvoiceDocument } from '../invoices/pdf.ts';
import {
  createOutboxSender,
  type OutboxCounts,
  type OutboxJob,
  type OutboxSender,
} from '../jobs/outbox.ts';
import {
  buyerTaxIdOf,
  creditedOnAccount,
  orderDocument,
  orderMoneyOf,
  shipToLines,
  shipToPhone,
  type Seller,
} from './documents.ts';
import { remainderOf, refundView } from './part-refunds.ts';
import { linesOfOrders } from './service.ts';
import { adminEmails } from '../users/service.ts';

/** How often the queue is looked at without a poke (retries, mails of a crashed instance). */
const POLL_MS = 30_000;
/** A poke waits this long, so one pass takes the mails of many purchases. */
const POKE_DELAY_MS = 20;
/** Mails a pass takes; while requests wait, only a few, then a pause (requests come first). */
const BATCH_IDLE = 50;
const BATCH_BUSY = 5;
const BUSY_PAUSE_MS = 100;

/** Draws a PDF: the app's worker thread with its time limit (invoices/pdf-pool.ts). */
type RenderPdf = (doc: InvoiceDocument) => Promise<Buffer>;

/**
 * The mail of one step of an order's life (placed, receipt, shipped, refunded, expired), with the
 * invoice PDF attached to the receipt and the credit note to the refund's mail; or the shop's
 * notice of a paid order (paid-notice) to `shop.notify`, its order addresses.
 */
export async function orderMail(
  kind: OrderMailKind,
  order: OrderRow,
  lines: OrderLineRow[],
  shop: {
    publicUrl: string;
    seller: Seller;
    renderPdf: RenderPdf;
    notify?: string[];
    /** refunded: a partial refund (`order` and `lines` are its refundView). */
    partial?: boolean;
  },
): Promise<MailMessage> {
  const input: OrderMailInput = {
    kind,
    ...(shop.partial ? { partial: true } : {}),
    ...(kind === 'paid-notice' ? { to: shop.notify ?? [] } : {}),
    publicUrl: shop.publicUrl,
    order: {
      id: order.id,
      number: order.number,
      userName: order.userName,
      userEmail: order.userEmail,
      address: order.address,
      shipTo: shipToLines(order.shipTo),
      phone: shipToPhone(order),
      lines: lines.map((line) => ({
        sku: line.sku,
        name: line.name,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
      })),
      money: orderMoneyOf(order),
      totalCents: order.totalCents,
      buyerTaxId: buyerTaxIdOf(order),
      taxExemption: order.taxExemption,
      poNumber: order.poNumber,
      createdAt: order.createdAt,
    },
  };
  const attach = async (document: ReturnType<typeof orderDocument>) =>
    document
      ? [
          {
            filename: `${document.number}.pdf`,
            content: await shop.renderPdf(document),
            contentType: 'application/pdf',
          },
        ]
      : undefined;
  if (kind === 'receipt') {
    input.invoiceNumber = order.invoiceNumber ?? undefined;
    input.paymentReference = order.transactionId ?? undefined;
    input.attachments = await attach(orderDocument('invoice', order, lines, shop.seller));
  } else if (kind === 'paid-notice') {
    // The invoice's number and the payment, not its PDF: the dashboard has the order's documents.
    input.invoiceNumber = order.invoiceNumber ?? undefined;
    input.paymentReference = order.transactionId ?? undefined;
  } else if (kind === 'shipped') {
    input.carrier = order.carrier;
    input.trackingNumber = order.trackingNumber;
    input.trackingUrl = trackingUrl(order.carrier, order.trackingNumber);
  } else if (kind === 'refunded') {
    input.creditNoteNumber = order.creditNoteNumber ?? undefined;
    if (creditedOnAccount(order)) input.creditedInvoice = order.invoiceNumber ?? undefined;
    input.reason = order.refundReason ?? undefined;
    input.attachments = await attach(orderDocument('credit-note', order, lines, shop.seller));
  }
  return renderOrderMail(input);
}

export type OrderMailSender = OutboxSender;

type OrderMailJob = OutboxJob & {
  order_id: string;
  kind: OrderMailKind;
  /** A `refunded` mail of one partial refund; null: of the order (what is left of it). */
  refund_id: string | null;
};

/**
 * Sends the order mails left in `order_mails` (decision 037) by the statements that changed an
 * order (a purchase or checkout, a payment, shipping, a refund, an expiry), off the request path,
 * the paid-notice to the shop's order addresses (`notifyEmails`, else the admins' when it is sent),
 * by the outbox rules of jobs/outbox.ts: a failure is retried later, and while the event loop is
 * busy with requests the sender takes a few mails at a time.
 */
export function createOrderMailSender(deps: {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  seller: Seller;
  /** Draws the attached PDFs (a failure or a timeout is a failed attempt of the mail). */
  renderPdf: RenderPdf;
  /**
   * Where the notice of each paid order goes (ORDER_NOTIFY_EMAILS); empty or left out: to every
   * admin there is when it is sent.
   */
  notifyEmails?: string[];
  /** Attempts before a mail is set aside as failed (MAIL_MAX_ATTEMPTS). */
  maxAttempts?: number;
  /** Told of each mail sent, each failed attempt and each mail set aside (for the metrics). */
  counted?: OutboxCounts;
}): OrderMailSender {
  const { db } = deps;
  const configured = deps.notifyEmails ?? [];
  return createOutboxSender<
    OrderMailJob,
    {
      orders: Map<string, OrderRow>;
      lines: Map<string, OrderLineRow[]>;
      notify: string[];
      refunds: OrderRefundRow[];
    }
  >({
    db,
    mailer: deps.mailer,
    log: deps.log,
    table: orderMails,
    returning: sql`order_id, kind, refund_id`,
    async load(jobs) {
      const ids = [...new Set(jobs.map((j) => j.order_id))];
      // `= any($1)`: one statement text whatever the batch's size (see jobs/outbox.ts).
      // The admins are read only for a batch with a notice to send and no addresses configured.
      const needAdmins = configured.length === 0 && jobs.some((j) => j.kind === 'paid-notice');
      const [rows, lines, notify] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(sql`${orders.id} = any(${sql.param(ids)})`),
        linesOfOrders(db, ids),
        needAdmins ? adminEmails(db) : configured,
      ]);
      // The partial refunds of the orders with a refund's mail: each one's own, or what they
      // left of an order refunded in full.
      const refunded = [
        ...new Set(jobs.filter((j) => j.kind === 'refunded').map((j) => j.order_id)),
      ];
      const refunds = refunded.length
        ? await db
            .select()
            .from(orderRefunds)
            .where(sql`${orderRefunds.orderId} = any(${sql.param(refunded)})`)
        : [];
      return { orders: new Map(rows.map((r) => [r.id, r])), lines, notify, refunds };
    },
    // An order deleted meanwhile has no mail left to send.
    mail: (job, batch) => {
      const order = batch.orders.get(job.order_id);
      if (!order) return null;
      if (job.kind === 'paid-notice' && batch.notify.length === 0) {
        // No admin yet and no ORDER_NOTIFY_EMAILS (a shop being set up): the dashboard still
        // lists the order.
        deps.log.warn(
          { orderId: job.order_id },
          'a paid-order notice has no one to go to; dropped',
        );
        return null;
      }
      const lines = batch.lines.get(order.id) ?? [];
      if (job.kind === 'refunded') {
        const refunds = batch.refunds.filter((r) => r.orderId === order.id);
        const part = job.refund_id ? refunds.find((r) => r.id === job.refund_id) : undefined;
        if (job.refund_id && !part) return null;
        const view = part ? refundView(order, part) : remainderOf(order, lines, refunds);
        return orderMail('refunded', view.order, view.lines, {
          ...deps,
          ...(part ? { partial: true } : {}),
        });
      }
      return orderMail(job.kind, order, lines, { ...deps, notify: batch.notify });
    },
    logFields: (job) => ({ orderId: job.order_id, kind: job.kind }),
    names: { mail: 'order mail', sender: 'order mail' },
    pollMs: POLL_MS,
    pokeDelayMs: POKE_DELAY_MS,
    batch: { idle: BATCH_IDLE, busy: { size: BATCH_BUSY, pauseMs: BUSY_PAUSE_MS } },
    maxAttempts: deps.maxAttempts,
    counted: deps.counted,
  });
}
