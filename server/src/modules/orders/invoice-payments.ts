import { and, asc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { InvoicePaymentAnswer } from '@partsmith/contract/companies';
import type { Db } from '../../db/client.ts';
import { invoicePayments, orderMails, orders } from '../../db/schema/orders.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { formatUsd } from '../../lib/money.ts';
import { button, mailDocument, note, para } from '../../mail/simple-mail.ts';
import { recordAudit, type Actor } from '../audit/service.ts';
import { adminEmails } from '../companies/service.ts';

const dollars = (cents: number) => cents / 100;

/**
 * A payment a shop admin records against an invoice on a company's terms (issue 49), in one
 * transaction with the invoice's order locked: never more than is owed; the payment that settles
 * it closes the invoice (the order is paid: `invoice:<number>` its transaction, the day the
 * money came its payment day) and the shop's paid-order notice is queued. Audited.
 */
export async function recordInvoicePayment(
  db: Db,
  invoiceNumber: string,
  payment: { amountCents: number; paidAt: string; reference: string },
  actor: Actor,
): Promise<{ answer: InvoicePaymentAnswer; closed: boolean }> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.invoiceNumber, invoiceNumber), eq(orders.paymentMethod, 'invoice')))
      .for('update');
    if (!order) throw notFound(`No invoice on terms has the number ${invoiceNumber}.`);
    if (order.paid) throw new HttpError(409, `Invoice ${invoiceNumber} is paid already.`);
    if (order.refundedAt || order.expiredAt)
      throw new HttpError(409, `Invoice ${invoiceNumber} is closed.`);
    const earlier = await tx
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.orderId, order.id))
      .orderBy(asc(invoicePayments.createdAt));
    const owedCents = order.totalCents - earlier.reduce((sum, p) => sum + p.amountCents, 0);
    if (payment.amountCents > owedCents)
      throw new HttpError(
        422,
        `That is more than is owed on invoice ${invoiceNumber}: ${formatUsd(owedCents)}.`,
      );
    const [added] = await tx
      .insert(invoicePayments)
      .values({ orderId: order.id, ...payment, recordedBy: actor.id })
      .returning();
    const closed = payment.amountCents === owedCents;
    if (closed) {
      await tx
        .update(orders)
        .set({
          paid: true,
          transactionId: `invoice:${invoiceNumber}`,
          paidAt: new Date(`${payment.paidAt}T12:00:00Z`),
        })
        .where(eq(orders.id, order.id));
      await tx.insert(orderMails).values({ orderId: order.id, kind: 'paid-notice' });
    }
    await recordAudit(tx, actor, {
      action: 'invoice.payment',
      targetId: order.id,
      summary: `Recorded ${formatUsd(payment.amountCents)} against invoice ${invoiceNumber}${closed ? ' (paid)' : ''}`,
      after: { ...payment, invoiceNumber },
    });
    const all = [...earlier, added!];
    return {
      closed,
      answer: {
        invoiceNumber,
        orderId: order.id,
        total: dollars(order.totalCents),
        owed: dollars(owedCents - payment.amountCents),
        paid: closed,
        payments: all.map((p) => ({
          amount: dollars(p.amountCents),
          paidAt: p.paidAt,
          reference: p.reference,
        })),
      },
    };
  });
}

const REMIND_EVERY_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Mails the company's owner and admins about each invoice on terms past its due date: once, then
 * every 7 days while it stays unpaid (`reminded_at`). A mail that fails is tried again next run.
 * Answers how many reminders went out.
 */
export async function remindOverdueInvoices(input: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: { error(obj: object, msg: string): void };
  now?: Date;
}): Promise<number> {
  const { db } = input;
  const now = input.now ?? new Date();
  const due = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.paymentMethod, 'invoice'),
        eq(orders.paid, false),
        isNotNull(orders.companyId),
        isNotNull(orders.invoiceNumber),
        isNull(orders.refundedAt),
        sql`${orders.dueDate} < (${now.toISOString()}::timestamptz at time zone 'UTC')::date`,
        or(
          isNull(orders.remindedAt),
          lt(orders.remindedAt, new Date(now.getTime() - REMIND_EVERY_MS)),
        ),
      ),
    )
    .limit(200);
  let sent = 0;
  for (const order of due) {
    try {
      const to = await adminEmails(db, order.companyId!);
      if (to.length === 0) continue;
      const url = new URL(`/dashboard/orders/${order.id}`, input.publicUrl).toString();
      const what =
        `Invoice ${order.invoiceNumber} for order ${order.number} (${formatUsd(order.totalCents)}` +
        `${order.poNumber ? `, your PO ${order.poNumber}` : ''}) was due on ${order.dueDate} and is not paid yet.`;
      const paid =
        'If you have paid it already, thank you: the payment may not have reached us yet.';
      await input.mailer.send({
        to: to.join(', '),
        subject: `Invoice ${order.invoiceNumber} is overdue`,
        text:
          `Hello,\n\n${what}\n` +
          `Please arrange the payment, quoting the invoice number. The invoice is on the order page:\n\n${url}\n\n` +
          `${paid}\n`,
        html: mailDocument(
          `Invoice ${order.invoiceNumber} is overdue`,
          para(what) +
            para('Please arrange the payment, quoting the invoice number.') +
            button(url, 'Open the invoice') +
            note(paid),
        ),
      });
      await db.update(orders).set({ remindedAt: now }).where(eq(orders.id, order.id));
      sent++;
    } catch (err) {
      input.log.error({ err, orderId: order.id }, 'could not send an overdue invoice reminder');
    }
  }
  return sent;
}
