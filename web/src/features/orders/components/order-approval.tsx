import type { Order } from '@partsmith/contract';
import { APPROVING_ROLES } from '@partsmith/contract/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from '@partsmith/contract/zod-subset';
import { useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import { confirmDialog } from '../../../lib/dialogs.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useMyCompanyAnswer } from '../../../lib/my-company.ts';
import { ordersRoot } from '../../../lib/query-keys.ts';

export const AWAITING_APPROVAL = 'Waiting for your company’s approval';
export const DECLINED = 'Your company declined this order';
export const DECLINED_DETAIL = 'It will not be paid nor shipped: its parts went back in stock.';

/**
 * An order waiting for its company's approval: says so; to the company's owner, admins and
 * approvers, the Approve and Decline buttons (POST /api/orders/:id/approve or /decline), the
 * order asked again after the decision.
 */
export function ApprovalNotice({ order }: { order: Order }) {
  const pending = order.approval === 'pending';
  const company = useMyCompanyAnswer(pending).data?.company ?? null;
  const queryClient = useQueryClient();
  const [done, setDone] = useState<string | null>(null);
  const decide = useMutation({
    mutationFn: (decision: 'approve' | 'decline') =>
      api(`/orders/${encodeURIComponent(order._id)}/${decision}`, {
        method: 'POST',
        schema: z.looseObject({ approval: z.string() }),
      }),
    onSuccess: async (_, decision) => {
      setDone(decision === 'approve' ? 'You approved this order.' : 'You declined this order.');
      // The order (its key is under the orders root) and the lists that show it.
      await queryClient.invalidateQueries({ queryKey: [ordersRoot] });
    },
  });

  if (order.approval === 'declined') {
    return (
      <section
        aria-label="Approval"
        className="alert alert-warning flex flex-col items-start gap-1"
      >
        <p className="font-semibold">{DECLINED}</p>
        <p>{DECLINED_DETAIL}</p>
        {done && <p role="status">{done}</p>}
      </section>
    );
  }
  if (!pending) return done ? <p role="status">{done}</p> : null;
  const canDecide = company !== null && APPROVING_ROLES.includes(company.role);
  const onDecline = async () => {
    const sure = await confirmDialog(
      `Decline order ${order.number}? Its parts go back in stock and the buyer is told.`,
      'Yes, decline it',
    );
    if (sure) decide.mutate('decline');
  };
  return (
    <section aria-label="Approval" className="alert alert-info flex flex-col items-start gap-3">
      <p role="status" className="font-semibold">
        {AWAITING_APPROVAL}
      </p>
      <p>
        It is above the buyer’s spending limit: it is paid and shipped once an approver of the
        company approves it.
      </p>
      {canDecide && (
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            className="btn btn-primary"
            disabled={decide.isPending}
            onClick={() => decide.mutate('approve')}
          >
            {decide.isPending && decide.variables === 'approve' && (
              <span aria-hidden="true" className="spinner size-5" />
            )}
            Approve
          </button>
          <button
            type="button"
            className="btn btn-outline"
            disabled={decide.isPending}
            onClick={() => void onDecline()}
          >
            {decide.isPending && decide.variables === 'decline' && (
              <span aria-hidden="true" className="spinner size-5" />
            )}
            Decline
          </button>
        </div>
      )}
      {decide.error && (
        <p role="alert" className="font-medium text-error">
          {errorText(decide.error)}
        </p>
      )}
    </section>
  );
}
