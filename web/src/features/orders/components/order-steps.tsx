import type { Order } from '@partsmith/contract';
import { trackingUrl } from '@partsmith/contract/tracking';
import type { ReactNode } from 'react';
import { dayLabel } from '../../../lib/day-label.ts';
import { DECLINED_DETAIL } from './order-approval.tsx';

/** In the browser's own language and time zone, e.g. "Mar 2, 2025, 10:30 AM". */
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function When({ at }: { at: string | null | undefined }) {
  const date = at ? new Date(at) : null;
  if (!at || !date || Number.isNaN(date.getTime())) return null;
  return <time dateTime={at}>{dateTime.format(date)}</time>;
}

/** One step of an order's life: done (with its date), the one it waits for, or where it stopped. */
export interface Step {
  label: string;
  state: 'done' | 'waiting' | 'stopped';
  at: string | null;
  detail?: ReactNode;
}

/**
 * What happened to an order, in order: placed; paid, or waiting for the payment until it expires
 * (or expired, its stock back); shipped (carrier and tracking number), or waiting to ship;
 * refunded.
 */
export function orderSteps(order: Order): Step[] {
  const steps: Step[] = [{ label: 'Placed', state: 'done', at: order.createdAt }];
  if (order.approval === 'pending') {
    steps.push({
      label: 'Waiting for approval',
      state: 'waiting',
      at: null,
      detail: 'An approver of your company decides on it.',
    });
    return steps;
  }
  if (order.approval === 'declined') {
    steps.push({
      label: 'Declined',
      state: 'stopped',
      at: null,
      detail: DECLINED_DETAIL,
    });
    return steps;
  }
  if (order.approval === 'approved') {
    steps.push({ label: 'Approved', state: 'done', at: null });
  }
  if (order.paid) {
    steps.push({
      label: 'Paid',
      state: 'done',
      at: order.paidAt ?? null,
      detail: order.transactionId && (
        <>
          Transaction id: <code className="font-mono break-all">{order.transactionId}</code>
        </>
      ),
    });
  } else if (order.expired) {
    steps.push({
      label: 'Expired',
      state: 'stopped',
      at: order.expiredAt ?? null,
      detail: 'It was not paid in time: its parts went back in stock.',
    });
  } else if (order.paymentMethod === 'invoice' && !order.refundedAt) {
    steps.push({
      label: 'Waiting for payment',
      state: 'waiting',
      at: null,
      detail: order.dueDate ? `The invoice is due on ${dayLabel(order.dueDate)}.` : undefined,
    });
  } else {
    steps.push({
      label: 'Waiting for payment',
      state: 'waiting',
      at: null,
      detail: order.expiresAt ? (
        <>
          Pay before <When at={order.expiresAt} />: the parts are kept for you until then.
        </>
      ) : undefined,
    });
  }
  if (order.status === 'shipped') {
    const carrier = order.carrier || null;
    const tracking = order.trackingNumber || null;
    const trackAt = trackingUrl(carrier, tracking);
    steps.push({
      label: 'Shipped',
      state: 'done',
      at: order.shippedAt ?? null,
      detail:
        carrier || tracking ? (
          <>
            {carrier && <>With {carrier}. </>}
            {tracking && (
              <>
                Tracking number: <code className="font-mono break-all">{tracking}</code>
              </>
            )}
            {trackAt && (
              <a
                href={trackAt}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-1 block w-fit font-semibold text-primary underline underline-offset-2"
              >
                Track the parcel with {carrier}
                <span className="sr-only"> (opens the carrier’s site in a new tab)</span>
              </a>
            )}
          </>
        ) : undefined,
    });
  } else if (order.paid && !order.refundedAt) {
    steps.push({ label: 'Waiting to ship', state: 'waiting', at: null });
  }
  if (order.refundedAt) {
    // An order on terms cancelled before it was paid: its invoice is credited, nothing refunded.
    const credited = !order.paid && order.paymentMethod === 'invoice';
    steps.push({
      label: credited ? 'Cancelled: invoice credited' : 'Refunded',
      state: 'done',
      at: order.refundedAt,
      detail: order.creditNoteNumber
        ? `Credit note ${order.creditNoteNumber}${credited ? ': nothing is owed.' : '.'}`
        : undefined,
    });
  }
  return steps;
}

const DOT = {
  done: 'border-green-700 bg-green-700',
  waiting: 'border-orange-700 bg-white',
  stopped: 'border-slate-500 bg-slate-500',
};

export function Steps({ order }: { order: Order }) {
  return (
    <ol className="flex flex-col">
      {orderSteps(order).map((step, index, all) => (
        <li key={step.label} className="relative flex gap-4 pb-6 last:pb-0">
          {index < all.length - 1 && (
            <span
              aria-hidden="true"
              className="absolute top-5 bottom-0 left-[0.4375rem] w-0.5 bg-slate-200"
            />
          )}
          <span
            aria-hidden="true"
            className={`relative mt-1 size-4 shrink-0 rounded-full border-2 ${DOT[step.state]}`}
          />
          <div className="min-w-0">
            <p className="font-semibold text-slate-900">{step.label}</p>
            {step.at && (
              <p className="text-sm text-slate-700">
                <When at={step.at} />
              </p>
            )}
            {step.detail && <p className="mt-1 text-sm text-slate-700">{step.detail}</p>}
          </div>
        </li>
      ))}
    </ol>
  );
}
