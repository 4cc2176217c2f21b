import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { formatUsd } from '../../lib/money.ts';
import { button, mailDocument, para } from '../../mail/simple-mail.ts';
import { approverEmails, membershipOf, TERM_DAYS } from '../companies/service.ts';
import type { BusinessCheckout } from './on-terms.ts';

/**
 * What a checkout by a company's member adds (issue 49): its PO number (required where the
 * company's terms say so), its payment (by invoice only on payment terms), and the buyer's
 * spending limit (the checkout holds the total it charges against it). Undefined for a buyer without a
 * company, whose checkout is as it always was; a 422 for what the company's terms refuse.
 */
export async function businessCheckout(
  db: DbOrTx,
  userId: string,
  body: { poNumber?: string | undefined; payment?: 'card' | 'invoice' | undefined },
): Promise<BusinessCheckout | undefined> {
  const membership = await membershipOf(db, userId);
  const payment = body.payment ?? 'card';
  if (!membership) {
    if (payment === 'invoice')
      throw new HttpError(422, 'Pay by invoice is for companies with payment terms. Pay by card.');
    return undefined;
  }
  const { terms } = membership;
  if (terms.poRequired && !body.poNumber)
    throw new HttpError(422, 'Your company asks for a purchase order number with every order.');
  if (payment === 'invoice' && !terms.paymentTerms)
    throw new HttpError(
      422,
      `${membership.companyName} has no payment terms with the shop yet: pay by card, or ask the shop for terms.`,
    );
  return {
    companyId: membership.companyId,
    poNumber: body.poNumber ?? null,
    payment,
    spendingLimitCents: membership.spendingLimitCents,
    termsDays: terms.paymentTerms ? TERM_DAYS[terms.paymentTerms] : 0,
    creditLimitCents: terms.creditLimitCents,
    priceListId: terms.priceListId,
  };
}

/**
 * Mails the company's approvers when the order just placed awaits their decision (after its
 * commit); a mail server's failure is logged, the order stands.
 */
export async function askApprovers(
  app: FastifyInstance,
  companyId: string,
  answer: unknown,
  buyer: { id: string; name: string; email: string; role: string },
) {
  const id = (answer as { insertedId?: string }).insertedId;
  if (!id) return;
  try {
    const order = await app.orders.getVisible(id, buyer);
    if (order.approval !== 'pending') return;
    const to = (await approverEmails(app.db, companyId)).filter((e) => e !== buyer.email);
    if (to.length === 0) return;
    const url = new URL(`/dashboard/orders/${id}`, app.config.publicUrl).toString();
    const what =
      `${buyer.name} (${buyer.email}) placed order ${order.number}` +
      `${order.poNumber ? ` (purchase order ${order.poNumber})` : ''} for ${formatUsd(order.totalCents)}, ` +
      `above their spending limit. Its parts are held until you decide.`;
    await app.mailer.send({
      to: to.join(', '),
      subject: `Order ${order.number} by ${buyer.name} awaits your approval`,
      text: `Hello,\n\n${what}\nApprove or decline it on the order page:\n\n${url}\n`,
      html: mailDocument(
        `Order ${order.number} awaits your approval`,
        para(what) + button(url, 'Approve or decline'),
      ),
    });
  } catch (err) {
    app.log.error({ err }, 'could not mail the approvers of an order');
  }
}
export type { BusinessCheckout } from './on-terms.ts';
