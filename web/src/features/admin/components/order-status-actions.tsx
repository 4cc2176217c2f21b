import type { Order } from '@partsmith/contract';
import { onAccount } from '@partsmith/contract/order-views';
import { useRef } from 'react';
import { toast } from 'sonner';
import { showErrorDialog } from '../../../lib/dialogs.ts';
import { useRefundOrder } from '../api/refund-order.ts';
import { useShipOrder } from '../api/ship-order.ts';
import {
  isForbidden,
  messageOf,
  REFUND_FAILED,
  REFUNDED,
  SHIP_FAILED,
  SHIPPED,
} from './admin-messages.ts';
import { askRefund, askShipment } from './order-dialogs.ts';
import { ActionButton } from './action-button.tsx';

// Manage Orders' actions on an order's state: its status (ship) and its refund.

/**
 * The admin's order status button (docs/spec.md, States and transitions): a red 'Unpaid' while
 * unpaid (and whether it awaits its company's approval); 'Pending' when paid, or invoiced on
 * payment terms (issue 49), and not shipped, and clicking it asks for the carrier and tracking
 * number (both optional) and ships the order; 'Shipped' once the status is set. A refunded order
 * says so instead of offering to ship it.
 */
export function StatusCell({ order }: { order: Order }) {
  const ship = useShipOrder();
  // The button becomes the 'Shipped' badge once the answer is in the cache, which may be before
  // or after `mutateAsync` resolves: the badge takes the focus when it appears, so the keyboard
  // stays on this row.
  const focusBadge = useRef(false);
  const badgeRef = (badge: HTMLSpanElement | null) => {
    if (badge && focusBadge.current) {
      focusBadge.current = false;
      badge.focus();
    }
  };

  const onShip = async () => {
    const shipment = await askShipment(order);
    if (!shipment) return;
    focusBadge.current = true;
    try {
      const answer = await ship.mutateAsync({ id: order._id, shipment });
      if (answer.modifiedCount > 0) {
        toast.success(SHIPPED, { description: `${order.name} for ${order.userEmail}` });
      } else {
        focusBadge.current = false;
        void showErrorDialog(SHIP_FAILED);
      }
    } catch (error) {
      focusBadge.current = false;
      if (isForbidden(error)) void showErrorDialog(SHIP_FAILED);
      else void showErrorDialog(messageOf(error), SHIP_FAILED);
    }
  };

  if (!order.paid && !onAccount(order) && !order.refundedAt) {
    return (
      <span className="flex flex-wrap gap-1.5">
        <span className="badge border-red-300 bg-red-100 font-semibold text-red-800">Unpaid</span>
        {order.approval && order.approval !== 'approved' && (
          <span className="badge border-amber-300 bg-amber-50 font-semibold text-amber-900">
            {order.approval === 'pending' ? 'Awaits approval' : 'Declined'}
          </span>
        )}
        {order.expired && (
          <span
            title="Not paid in time: its stock went back and it cannot be paid"
            className="badge border-slate-300 bg-slate-100 font-semibold text-slate-900"
          >
            Expired
          </span>
        )}
      </span>
    );
  }
  if (order.status === 'shipped' || order.refundedAt) {
    return (
      <span className="flex flex-wrap gap-1.5">
        {order.status === 'shipped' && (
          <span
            ref={badgeRef}
            tabIndex={-1}
            className="badge border-green-300 bg-green-100 font-semibold text-green-900 focus:outline-2 focus:outline-offset-2 focus:outline-primary"
          >
            Shipped
          </span>
        )}
        {order.refundedAt && (
          <span className="badge border-slate-300 bg-slate-100 font-semibold text-slate-900">
            Refunded
          </span>
        )}
      </span>
    );
  }
  return (
    <ActionButton
      title="Paid: click to ship it"
      className="btn btn-warning btn-sm min-w-24 whitespace-nowrap"
      busy={ship.isPending}
      onAction={onShip}
    >
      Pending
      <span className="sr-only">
        : ship {order.name} to {order.userEmail}
      </span>
    </ActionButton>
  );
}

/** Refund, for a paid order not refunded yet: secondary, under the status (asks why first). */
export function RefundButton({ order }: { order: Order }) {
  const refund = useRefundOrder();
  const onRefund = async () => {
    const body = await askRefund(order);
    if (!body) return;
    try {
      const answer = await refund.mutateAsync({ id: order._id, body });
      if (answer.modifiedCount > 0) {
        toast.success(REFUNDED, { description: `${order.name} for ${order.userEmail}` });
      } else void showErrorDialog(REFUND_FAILED);
    } catch (error) {
      void showErrorDialog(messageOf(error), REFUND_FAILED);
    }
  };
  return (
    <ActionButton
      className="btn btn-ghost btn-xs font-normal text-slate-700 underline underline-offset-2"
      busy={refund.isPending}
      onAction={onRefund}
    >
      {onAccount(order) ? 'Credit invoice' : 'Refund'}
      <span className="sr-only">
        : order of {order.name} for {order.userEmail}
      </span>
    </ActionButton>
  );
}
