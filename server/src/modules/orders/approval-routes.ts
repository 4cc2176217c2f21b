import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { ApiError, IdParams } from '@partsmith/contract';
import { orders } from '../../db/schema/orders.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { formatUsd } from '../../lib/money.ts';
import { button, mailDocument, para } from '../../mail/simple-mail.ts';
import { approves, membershipOf, TERM_DAYS } from '../companies/service.ts';
import { invoiceApprovedOrder } from './on-terms.ts';
import { lockOrder } from './repository.ts';
import { restockOrder } from './state-changes.ts';

const Decision = z.object({ approval: z.enum(['approved', 'declined']) });

/**
 * A company's approvers (owner, admins, approvers) decide its orders above a buyer's spending
 * limit (issue 49): approved, the order may be paid (by card) or is invoiced (on terms); declined,
 * its stock goes back. The buyer gets a mail either way.
 */
export const orderApprovalRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const decision of ['approve', 'decline'] as const) {
    app.post(
      `/orders/:id/${decision}`,
      {
        config: { access: 'verified' },
        schema: {
          tags: ['orders'],
          operationId: `${decision}Order`,
          summary:
            decision === 'approve'
              ? 'Approve an order of your company awaiting approval (its approvers)'
              : 'Decline an order of your company awaiting approval (its approvers): its stock goes back',
          description:
            'For the owner, admins and approvers of the company the order was placed for. 404 for an order of another company (or none); 403 for a member who does not approve; 409 for an order not awaiting approval.',
          params: IdParams,
          response: { 200: Decision, 403: ApiError, 404: ApiError, 409: ApiError },
        },
      },
      async (request) => {
        const user = request.user!;
        const membership = await membershipOf(app.db, user.id);
        const decided = await app.db.transaction(async (tx) => {
          const order = await lockOrder(tx, request.params.id);
          if (!order || !membership || order.companyId !== membership.companyId)
            throw notFound('Order not found.');
          if (!approves(membership.role))
            throw new HttpError(403, "Only your company's approvers decide its orders.");
          if (order.approval !== 'pending')
            throw new HttpError(
              409,
              `This order is not awaiting approval (it is ${order.approval ?? 'not one that needs it'}).`,
            );
          const approval = decision === 'approve' ? 'approved' : 'declined';
          if (approval === 'declined') await restockOrder(tx, order.id);
          await tx
            .update(orders)
            .set({ approval, approvalDecidedAt: new Date(), approvalDecidedBy: user.id })
            .where(eq(orders.id, order.id));
          if (approval === 'approved' && order.paymentMethod === 'invoice') {
            const terms = membership.terms.paymentTerms;
            await invoiceApprovedOrder(tx, order.id, terms ? TERM_DAYS[terms] : 30);
          }
          return { approval, order } as const;
        });
        if (decided.approval === 'declined') app.catalogueCache.invalidate();
        const { order } = decided;
        const url = new URL(`/dashboard/orders/${order.id}`, app.config.publicUrl).toString();
        const what =
          `${user.name} ${decided.approval} your order ${order.number}` +
          `${order.poNumber ? `, purchase order ${order.poNumber},` : ''} (${formatUsd(order.totalCents)}).`;
        const next =
          decided.approval === 'approved'
            ? order.paymentMethod === 'invoice'
              ? 'It is invoiced on your company’s terms; the invoice is on the order page.'
              : 'You can pay it now on the order page.'
            : 'Its parts went back to stock; nothing is owed.';
        try {
          await app.mailer.send({
            to: order.userEmail,
            subject: `Your order ${order.number} was ${decided.approval}`,
            text: `Hello,\n\n${what}\n${next}\n\n${url}\n`,
            html: mailDocument(
              `Your order ${order.number} was ${decided.approval}`,
              para(what) +
                para(next) +
                button(
                  url,
                  decided.approval === 'approved' && order.paymentMethod !== 'invoice'
                    ? 'Pay the order'
                    : 'Open the order',
                ),
            ),
          });
        } catch (err) {
          request.log.error({ err }, 'could not send an approval mail');
        }
        return { approval: decided.approval };
      },
    );
  }
};
