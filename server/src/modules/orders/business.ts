import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { approverEmails, membershipOf, TERM_DAYS } from '../companies/service.ts';
import { priceCart, type Destination } from './pricing.ts';
import type { BusinessCheckout } from './on-terms.ts';

/**
 * What a checkout by a company's member adds (issue 49): its PO number (required where the
 * company's terms say so), its payment (by invoice only on payment terms), and whether it waits
 * for an approver (its total above the buyer's spending limit). Undefined for a buyer without a
 * company, whose checkout is as it always was; a 422 for what the company's terms refuse.
 */
export async function businessCheckout(
  db: DbOrTx,
  userId: string,
  body: Destination & { poNumber?: string | undefined; payment?: 'card' | 'invoice' | undefined },
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
  let approval: 'pending' | null = null;
  if (membership.spendingLimitCents !== null) {
    const { priced } = await priceCart(db, userId, {
      addressId: body.addressId,
      shippingMethod: body.shippingMethod,
    });
    if (priced.totalCents > membership.spendingLimitCents) approval = 'pending';
  }
  return {
    companyId: membership.companyId,
    poNumber: body.poNumber ?? null,
    payment,
    approval,
    termsDays: terms.paymentTerms ? TERM_DAYS[terms.paymentTerms] : 0,
    creditLimitCents: terms.creditLimitCents,
    priceListId: terms.priceListId,
  };
}

/**
 * Mails the company's approvers that an order awaits their decision (after its commit); a mail
 * server's failure is logged, the order stands and shows on their order list.
 */
export async function askApprovers(
  app: FastifyInstance,
  companyId: string,
  answer: unknown,
  buyer: { name: string; email: string },
) {
  const id = (answer as { insertedId?: string }).insertedId;
  if (!id) return;
  try {
    const to = (await approverEmails(app.db, companyId)).filter((e) => e !== buyer.email);
    if (to.length === 0) return;
    const url = new URL(`/dashboard/orders/${id}`, app.config.publicUrl).toString();
    await app.mailer.send({
      to: to.join(', '),
      subject: `An order by ${buyer.name} awaits your approval`,
      text: `Hello,\n\n${buyer.name} (${buyer.email}) placed an order above their spending limit. Its parts are held until you decide.\nApprove or decline it on the order page:\n\n${url}\n`,
    });
  } catch (err) {
    app.log.error({ err }, 'could not mail the approvers of an order');
  }
}
